CREATE TABLE `meetup_rsvps` (
	`meetup_id` text NOT NULL,
	`member_id` text NOT NULL,
	`status` text NOT NULL,
	`asked_at` integer NOT NULL,
	PRIMARY KEY(`meetup_id`, `member_id`),
	FOREIGN KEY (`meetup_id`) REFERENCES `meetups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `meetup_rsvps_member_idx` ON `meetup_rsvps` (`member_id`);--> statement-breakpoint
CREATE TABLE `meetups` (
	`id` text PRIMARY KEY NOT NULL,
	`pod_id` text NOT NULL,
	`proposed_by` text,
	`starts_at` integer NOT NULL,
	`time_zone` text NOT NULL,
	`venue_kind` text NOT NULL,
	`venue_name` text,
	`venue_address` text,
	`online_link` text,
	`language` text NOT NULL,
	`capacity` integer NOT NULL,
	`created_at` integer NOT NULL,
	`cancelled_at` integer,
	FOREIGN KEY (`pod_id`) REFERENCES `pods`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`proposed_by`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `meetups_pod_starts_idx` ON `meetups` (`pod_id`,`starts_at`);