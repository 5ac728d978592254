-- A member's participant rows by (member, unread count), in place of by member alone: the send counts the
-- recipient's conversations with something unread in one index range, where it read each of their
-- participant rows (issue 32). Created before the old one is dropped, so no statement is ever without one.
CREATE INDEX `participants_member_unread_idx` ON `conversation_participants` (`member_id`,`unread_count`);--> statement-breakpoint
DROP INDEX `participants_member_idx`;
