CREATE TABLE `pod_invitations` (
	`pod_id` text NOT NULL,
	`member_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`pod_id`, `member_id`),
	FOREIGN KEY (`pod_id`) REFERENCES `pods`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pod_invitations_member_idx` ON `pod_invitations` (`member_id`);--> statement-breakpoint
CREATE TABLE `pod_suggestion_answers` (
	`member_id` text NOT NULL,
	`interest` text NOT NULL,
	`answered_at` integer NOT NULL,
	PRIMARY KEY(`member_id`, `interest`),
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
