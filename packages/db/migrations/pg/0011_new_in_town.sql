ALTER TABLE "members" ADD COLUMN "new_in_town" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "new_in_town_month" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "welcomes_newcomers" boolean DEFAULT false NOT NULL;