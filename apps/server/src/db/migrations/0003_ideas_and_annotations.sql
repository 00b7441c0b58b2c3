CREATE TABLE "idea_annotations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "idea_annotations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"idea_id" integer NOT NULL,
	"vote" smallint DEFAULT 0 NOT NULL,
	"is_bookmarked" boolean DEFAULT false NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idea_annotations_vote_check" CHECK ("idea_annotations"."vote" in (-1, 0, 1))
);
--> statement-breakpoint
CREATE TABLE "idea_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "idea_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"annotation_id" integer NOT NULL,
	"text" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idea_comments_text_check" CHECK (length(btrim("idea_comments"."text")) > 0 and length("idea_comments"."text") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "idea_reactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "idea_reactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"annotation_id" integer NOT NULL,
	"reaction_type" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idea_reactions_type_check" CHECK ("idea_reactions"."reaction_type" in ('laugh', 'idea', 'surprised', 'thumbtack'))
);
--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "technique" text;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "prompt_version" text;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "settings" jsonb;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "input_tokens" integer;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "output_tokens" integer;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "generation_id" integer;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "votes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "laugh_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "idea_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "surprised_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "thumbtack_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "comments_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "idea_annotations" ADD CONSTRAINT "idea_annotations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_annotations" ADD CONSTRAINT "idea_annotations_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_comments" ADD CONSTRAINT "idea_comments_annotation_id_idea_annotations_id_fk" FOREIGN KEY ("annotation_id") REFERENCES "public"."idea_annotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_reactions" ADD CONSTRAINT "idea_reactions_annotation_id_idea_annotations_id_fk" FOREIGN KEY ("annotation_id") REFERENCES "public"."idea_annotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idea_annotations_user_idea_key" ON "idea_annotations" USING btree ("user_id","idea_id");--> statement-breakpoint
CREATE INDEX "idea_annotations_idea_idx" ON "idea_annotations" USING btree ("idea_id");--> statement-breakpoint
CREATE INDEX "idea_annotations_bookmarked_idx" ON "idea_annotations" USING btree ("user_id","created") WHERE "idea_annotations"."is_bookmarked";--> statement-breakpoint
CREATE INDEX "idea_comments_annotation_created_idx" ON "idea_comments" USING btree ("annotation_id","created");--> statement-breakpoint
CREATE UNIQUE INDEX "idea_reactions_annotation_type_key" ON "idea_reactions" USING btree ("annotation_id","reaction_type");--> statement-breakpoint
ALTER TABLE "ideas" ADD CONSTRAINT "ideas_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ideas_brainstorm_votes_idx" ON "ideas" USING btree ("brainstorm_id","votes");--> statement-breakpoint
CREATE INDEX "ideas_created_idx" ON "ideas" USING btree ("created");--> statement-breakpoint
CREATE INDEX "ideas_created_by_idx" ON "ideas" USING btree ("created_by");