-- Generated, then written on by hand (issue 32): the unique index that keeps a retried send from storing a
-- copy goes by client id first. The app's clients make their ids in time order (newClientId, @amiko/core), so
-- a new message's entry lands beside the newest ones, on a page its batch writes anyway, where by sender first
-- it went to a page of its own anywhere in the index. The same pairs are unique either way, so the new index
-- builds on any database the old one held; it comes before the old one goes, so no moment is without it.
-- packages/db/migrations/pg/0033 does the same.
CREATE UNIQUE INDEX `messages_client_sender_unique` ON `messages` (`client_id`,`sender_id`);--> statement-breakpoint
DROP INDEX `messages_sender_client_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `pod_messages_client_sender_unique` ON `pod_messages` (`client_id`,`sender_id`);--> statement-breakpoint
DROP INDEX `pod_messages_sender_client_unique`;
