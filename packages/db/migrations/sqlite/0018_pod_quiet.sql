ALTER TABLE `pod_members` ADD `quiet_answer` text;--> statement-breakpoint
ALTER TABLE `pod_members` ADD `quiet_answered_at` integer;--> statement-breakpoint
CREATE INDEX `pod_messages_pod_time_idx` ON `pod_messages` (`pod_id`,`created_at`);