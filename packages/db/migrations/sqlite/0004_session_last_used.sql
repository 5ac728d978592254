-- Existing sessions count as used when they were created (the idle timeout starts from there).
ALTER TABLE `sessions` ADD `last_used_at` integer NOT NULL DEFAULT 0;--> statement-breakpoint
UPDATE `sessions` SET `last_used_at` = `created_at`;
