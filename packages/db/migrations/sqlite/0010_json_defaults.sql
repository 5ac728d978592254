PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`member_id` text,
	`payload` text DEFAULT '{}' NOT NULL,
	`run_at` integer NOT NULL,
	`locked_until` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`done_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_jobs`("id", "kind", "key", "member_id", "payload", "run_at", "locked_until", "attempts", "done_at", "created_at") SELECT "id", "kind", "key", "member_id", "payload", "run_at", "locked_until", "attempts", "done_at", "created_at" FROM `jobs`;--> statement-breakpoint
DROP TABLE `jobs`;--> statement-breakpoint
ALTER TABLE `__new_jobs` RENAME TO `jobs`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_key_unique` ON `jobs` (`key`);--> statement-breakpoint
CREATE INDEX `jobs_due_idx` ON `jobs` (`run_at`) WHERE "jobs"."done_at" is null;--> statement-breakpoint
CREATE INDEX `jobs_member_idx` ON `jobs` (`member_id`);--> statement-breakpoint
CREATE TABLE `__new_members` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text,
	`email_verified` integer DEFAULT false NOT NULL,
	`password_hash` text,
	`language` text DEFAULT 'en' NOT NULL,
	`has_paid` integer DEFAULT false NOT NULL,
	`has_free_access` integer DEFAULT false NOT NULL,
	`unread_cleared_through` integer DEFAULT 0 NOT NULL,
	`notify_message_text` integer DEFAULT false NOT NULL,
	`email_about_messages` text DEFAULT 'instant' NOT NULL,
	`last_active_at` integer,
	`show_activity` integer DEFAULT true NOT NULL,
	`unsubscribe_key` text,
	`name` text DEFAULT '' NOT NULL,
	`phone` text,
	`birthday` text,
	`gender` text,
	`native_language` text,
	`other_languages` text DEFAULT '[]' NOT NULL,
	`country` text,
	`city` text,
	`timezone` text,
	`photo_key` text,
	`cropped_photo_key` text,
	`interests` text DEFAULT '[]' NOT NULL,
	`story` text DEFAULT '' NOT NULL,
	`mbti_type` text,
	`big_five_traits` text DEFAULT '{}' NOT NULL,
	`personality_descriptors` text DEFAULT '[]' NOT NULL,
	`current_job_title` text,
	`job_field` text,
	`education_level` text,
	`professional_skills` text DEFAULT '[]' NOT NULL,
	`future_goals` text DEFAULT '[]' NOT NULL,
	`favorite_books` text DEFAULT '[]' NOT NULL,
	`movies_and_shows` text DEFAULT '[]' NOT NULL,
	`favorite_music` text DEFAULT '[]' NOT NULL,
	`podcasts_and_blogs` text DEFAULT '[]' NOT NULL,
	`favorite_cuisine` text DEFAULT '[]' NOT NULL,
	`dance_styles` text DEFAULT '[]' NOT NULL,
	`event_preferences` text DEFAULT '[]' NOT NULL,
	`festivals` text DEFAULT '[]' NOT NULL,
	`religion` text,
	`core_values` text DEFAULT '[]' NOT NULL,
	`philosophies` text,
	`signature_quotes` text,
	`life_mantra` text,
	`favorite_quotes` text,
	`relationship_status` text,
	`having_kids` text,
	`looking_for` text DEFAULT '[]' NOT NULL,
	`important_qualities` text DEFAULT '[]' NOT NULL,
	`deal_breakers` text DEFAULT '[]' NOT NULL,
	`communication_style` text,
	`relationship_goals` text DEFAULT '[]' NOT NULL,
	`family_planning` text,
	`lifestyle_compatibility` text DEFAULT '[]' NOT NULL,
	`fitness_preferences` text DEFAULT '[]' NOT NULL,
	`favorite_sports` text DEFAULT '[]' NOT NULL,
	`wellness_practices` text DEFAULT '[]' NOT NULL,
	`diet_preferences` text DEFAULT '[]' NOT NULL,
	`mental_wellness_activities` text DEFAULT '[]' NOT NULL,
	`new_in_town` text,
	`new_in_town_month` text,
	`welcomes_newcomers` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	`suspended_at` integer
);
--> statement-breakpoint
INSERT INTO `__new_members`("id", "email", "email_verified", "password_hash", "language", "has_paid", "has_free_access", "unread_cleared_through", "notify_message_text", "email_about_messages", "last_active_at", "show_activity", "unsubscribe_key", "name", "phone", "birthday", "gender", "native_language", "other_languages", "country", "city", "timezone", "photo_key", "cropped_photo_key", "interests", "story", "mbti_type", "big_five_traits", "personality_descriptors", "current_job_title", "job_field", "education_level", "professional_skills", "future_goals", "favorite_books", "movies_and_shows", "favorite_music", "podcasts_and_blogs", "favorite_cuisine", "dance_styles", "event_preferences", "festivals", "religion", "core_values", "philosophies", "signature_quotes", "life_mantra", "favorite_quotes", "relationship_status", "having_kids", "looking_for", "important_qualities", "deal_breakers", "communication_style", "relationship_goals", "family_planning", "lifestyle_compatibility", "fitness_preferences", "favorite_sports", "wellness_practices", "diet_preferences", "mental_wellness_activities", "new_in_town", "new_in_town_month", "welcomes_newcomers", "created_at", "updated_at", "deleted_at", "suspended_at") SELECT "id", "email", "email_verified", "password_hash", "language", "has_paid", "has_free_access", "unread_cleared_through", "notify_message_text", "email_about_messages", "last_active_at", "show_activity", "unsubscribe_key", "name", "phone", "birthday", "gender", "native_language", "other_languages", "country", "city", "timezone", "photo_key", "cropped_photo_key", "interests", "story", "mbti_type", "big_five_traits", "personality_descriptors", "current_job_title", "job_field", "education_level", "professional_skills", "future_goals", "favorite_books", "movies_and_shows", "favorite_music", "podcasts_and_blogs", "favorite_cuisine", "dance_styles", "event_preferences", "festivals", "religion", "core_values", "philosophies", "signature_quotes", "life_mantra", "favorite_quotes", "relationship_status", "having_kids", "looking_for", "important_qualities", "deal_breakers", "communication_style", "relationship_goals", "family_planning", "lifestyle_compatibility", "fitness_preferences", "favorite_sports", "wellness_practices", "diet_preferences", "mental_wellness_activities", "new_in_town", "new_in_town_month", "welcomes_newcomers", "created_at", "updated_at", "deleted_at", "suspended_at" FROM `members`;--> statement-breakpoint
DROP TABLE `members`;--> statement-breakpoint
ALTER TABLE `__new_members` RENAME TO `members`;--> statement-breakpoint
CREATE UNIQUE INDEX `members_email_unique` ON `members` (`email`);--> statement-breakpoint
CREATE INDEX `members_created_at_idx` ON `members` (`created_at`);--> statement-breakpoint
CREATE INDEX `members_updated_at_idx` ON `members` (`updated_at`);