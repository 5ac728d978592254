ALTER TABLE `members` ADD `place_id` integer;--> statement-breakpoint
ALTER TABLE `members` ADD `place_asked_at` integer;