-- Existing sessions count as used when they were created (the idle timeout starts from there).
ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone NOT NULL DEFAULT now();--> statement-breakpoint
UPDATE "sessions" SET "last_used_at" = "created_at";--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "last_used_at" DROP DEFAULT;
