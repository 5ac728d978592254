CREATE TABLE `pod_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pod_id` text NOT NULL,
	`sender_id` text NOT NULL,
	`client_id` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`pod_id`) REFERENCES `pods`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pod_messages_sender_client_unique` ON `pod_messages` (`sender_id`,`client_id`);--> statement-breakpoint
CREATE INDEX `pod_messages_pod_idx` ON `pod_messages` (`pod_id`,`id`);--> statement-breakpoint
ALTER TABLE `pod_members` ADD `last_read_message_id` integer;