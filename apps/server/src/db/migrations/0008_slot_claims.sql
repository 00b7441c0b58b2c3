ALTER TABLE "generation_slots" ADD COLUMN "claimed_by" integer;--> statement-breakpoint
ALTER TABLE "generation_slots" ADD COLUMN "claimed" timestamp with time zone;