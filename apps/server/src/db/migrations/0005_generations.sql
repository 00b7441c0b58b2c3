CREATE TABLE "generation_slots" (
	"generation_id" integer NOT NULL,
	"slot" integer NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"settings" jsonb NOT NULL,
	"angle" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"input_tokens" integer,
	"output_tokens" integer,
	"reserved_tokens" integer DEFAULT 0 NOT NULL,
	"started" timestamp with time zone,
	"finished" timestamp with time zone,
	CONSTRAINT "generation_slots_generation_id_slot_pk" PRIMARY KEY("generation_id","slot"),
	CONSTRAINT "generation_slots_status_check" CHECK ("generation_slots"."status" in ('queued','running','done','failed'))
);
--> statement-breakpoint
CREATE TABLE "generations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "generations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brainstorm_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"requested" integer NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"reserved_tokens" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"started" timestamp with time zone,
	"finished" timestamp with time zone,
	CONSTRAINT "generations_status_check" CHECK ("generations"."status" in ('queued','running','done','failed','partly_failed'))
);
--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "generation_slot" integer;--> statement-breakpoint
ALTER TABLE "generation_slots" ADD CONSTRAINT "generation_slots_generation_id_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."generations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_brainstorm_id_brainstorms_id_fk" FOREIGN KEY ("brainstorm_id") REFERENCES "public"."brainstorms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generations_brainstorm_created_idx" ON "generations" USING btree ("brainstorm_id","created");--> statement-breakpoint
CREATE INDEX "generations_created_by_created_idx" ON "generations" USING btree ("created_by","created");--> statement-breakpoint
CREATE INDEX "generations_created_idx" ON "generations" USING btree ("created");--> statement-breakpoint
ALTER TABLE "ideas" ADD CONSTRAINT "ideas_generation_id_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."generations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ideas_generation_slot_key" ON "ideas" USING btree ("generation_id","generation_slot");