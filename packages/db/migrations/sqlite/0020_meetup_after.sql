CREATE TABLE `meetup_again` (
	`meetup_id` text NOT NULL,
	`chooser_id` text NOT NULL,
	`chosen_id` text NOT NULL,
	`again` integer NOT NULL,
	`answered_at` integer NOT NULL,
	PRIMARY KEY(`meetup_id`, `chooser_id`, `chosen_id`),
	FOREIGN KEY (`meetup_id`) REFERENCES `meetups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`chooser_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`chosen_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `meetup_again_chosen_idx` ON `meetup_again` (`chosen_id`);--> statement-breakpoint
CREATE TABLE `meetup_attendance` (
	`meetup_id` text NOT NULL,
	`marker_id` text NOT NULL,
	`member_id` text NOT NULL,
	`came` integer NOT NULL,
	`marked_at` integer NOT NULL,
	PRIMARY KEY(`meetup_id`, `marker_id`, `member_id`),
	FOREIGN KEY (`meetup_id`) REFERENCES `meetups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`marker_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `meetup_attendance_member_idx` ON `meetup_attendance` (`member_id`);--> statement-breakpoint
ALTER TABLE `meetup_rsvps` ADD `gave_up_at` integer;