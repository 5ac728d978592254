-- A member's participant rows by (member, unread count), in place of by member alone: amiko_send_message
-- counts the recipient's conversations with something unread in one index-only range, where it read each of
-- their participant rows (issue 32). Created before the old one is dropped.
CREATE INDEX "participants_member_unread_idx" ON "conversation_participants" USING btree ("member_id","unread_count");--> statement-breakpoint
DROP INDEX "participants_member_idx";
