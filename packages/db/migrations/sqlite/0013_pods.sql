CREATE TABLE `pod_members` (
	`pod_id` text NOT NULL,
	`member_id` text NOT NULL,
	`role` text DEFAULT 'member' NOT NULL,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`pod_id`, `member_id`),
	FOREIGN KEY (`pod_id`) REFERENCES `pods`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pod_members_member_idx` ON `pod_members` (`member_id`);--> statement-breakpoint
CREATE TABLE `pod_requests` (
	`pod_id` text NOT NULL,
	`member_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`pod_id`, `member_id`),
	FOREIGN KEY (`pod_id`) REFERENCES `pods`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pod_requests_member_idx` ON `pod_requests` (`member_id`);--> statement-breakpoint
CREATE TABLE `pods` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`interests` text DEFAULT '[]' NOT NULL,
	`languages` text DEFAULT '[]' NOT NULL,
	`level` text,
	`place_id` integer,
	`description` text DEFAULT '' NOT NULL,
	`size_limit` integer DEFAULT 6 NOT NULL,
	`join_rule` text DEFAULT 'open' NOT NULL,
	`started_by` text,
	`created_at` integer NOT NULL,
	`closed_at` integer,
	FOREIGN KEY (`started_by`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `pods_place_idx` ON `pods` (`place_id`);