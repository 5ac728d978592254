ALTER TABLE "members" ADD COLUMN "place_id" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "place_asked_at" timestamp with time zone;