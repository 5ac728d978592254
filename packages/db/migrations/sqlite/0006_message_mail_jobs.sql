CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`member_id` text,
	`payload` text NOT NULL,
	`run_at` integer NOT NULL,
	`locked_until` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`done_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_key_unique` ON `jobs` (`key`);--> statement-breakpoint
CREATE INDEX `jobs_due_idx` ON `jobs` (`run_at`) WHERE "jobs"."done_at" is null;--> statement-breakpoint
CREATE INDEX `jobs_member_idx` ON `jobs` (`member_id`);--> statement-breakpoint
ALTER TABLE `members` ADD `email_about_messages` text DEFAULT 'instant' NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `unsubscribe_key` text;