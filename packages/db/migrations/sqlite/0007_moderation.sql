CREATE TABLE `moderation_actions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`action` text NOT NULL,
	`member_id` text,
	`report_id` text,
	`actor` text NOT NULL,
	`reason` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `moderation_actions_created_idx` ON `moderation_actions` (`created_at`);--> statement-breakpoint
CREATE INDEX `moderation_actions_member_idx` ON `moderation_actions` (`member_id`);--> statement-breakpoint
ALTER TABLE `members` ADD `suspended_at` integer;--> statement-breakpoint
ALTER TABLE `reports` ADD `evidence` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `reports` ADD `resolved_at` integer;--> statement-breakpoint
ALTER TABLE `reports` ADD `resolution_note` text;--> statement-breakpoint
CREATE INDEX `reports_open_idx` ON `reports` (`created_at`) WHERE "reports"."status" = 'open';