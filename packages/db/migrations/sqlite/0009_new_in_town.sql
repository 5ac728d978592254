ALTER TABLE `members` ADD `new_in_town` text;--> statement-breakpoint
ALTER TABLE `members` ADD `new_in_town_month` text;--> statement-breakpoint
ALTER TABLE `members` ADD `welcomes_newcomers` integer DEFAULT false NOT NULL;