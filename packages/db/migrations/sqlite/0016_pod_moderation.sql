CREATE TABLE `pod_removals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pod_id` text NOT NULL,
	`member_id` text NOT NULL,
	`removed_by` text,
	`actor` text,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`pod_id`) REFERENCES `pods`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`removed_by`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `pod_removals_pod_member_idx` ON `pod_removals` (`pod_id`,`member_id`);--> statement-breakpoint
ALTER TABLE `moderation_actions` ADD `pod_id` text;--> statement-breakpoint
ALTER TABLE `reports` ADD `pod_id` text;--> statement-breakpoint
ALTER TABLE `reports` ADD `pod_message_id` integer;