ALTER TABLE `members` ADD `last_active_at` integer;--> statement-breakpoint
ALTER TABLE `members` ADD `show_activity` integer DEFAULT true NOT NULL;