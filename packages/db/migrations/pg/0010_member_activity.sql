ALTER TABLE "members" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "show_activity" boolean DEFAULT true NOT NULL;