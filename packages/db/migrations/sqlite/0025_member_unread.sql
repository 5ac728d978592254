-- Generated, then written on by hand (issue 32): each member's number of conversations with something unread,
-- kept by triggers on conversation_participants, where the send and the unread state counted the member's
-- participant rows (a count that grew with every conversation they had). Written in the one transaction
-- the migrations run in, which holds the write lock: no send can change a participant row between the
-- count below and the triggers that keep it. amiko_send_message (pg/0032) reads the same table.
CREATE TABLE `member_unread` (
	`member_id` text PRIMARY KEY NOT NULL,
	`conversations` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `member_unread` (`member_id`, `conversations`)
  SELECT `member_id`, count(*) FROM `conversation_participants` WHERE `unread_count` > 0 GROUP BY `member_id`;--> statement-breakpoint
-- A conversation with something unread from its first row (none today: a participant starts at 0).
CREATE TRIGGER `participants_unread_insert` AFTER INSERT ON `conversation_participants`
  WHEN NEW.`unread_count` > 0
BEGIN
  INSERT INTO `member_unread` (`member_id`, `conversations`) VALUES (NEW.`member_id`, 1)
    ON CONFLICT (`member_id`) DO UPDATE SET `conversations` = `conversations` + 1;
END;--> statement-breakpoint
-- From nothing unread to something (a message), or back (a read mark): one more, or one fewer.
CREATE TRIGGER `participants_unread_update` AFTER UPDATE OF `unread_count` ON `conversation_participants`
  WHEN (OLD.`unread_count` > 0) <> (NEW.`unread_count` > 0)
BEGIN
  INSERT INTO `member_unread` (`member_id`, `conversations`) VALUES (NEW.`member_id`, NEW.`unread_count` > 0)
    ON CONFLICT (`member_id`) DO UPDATE
    SET `conversations` = `conversations` + (CASE WHEN NEW.`unread_count` > 0 THEN 1 ELSE -1 END);
END;--> statement-breakpoint
-- A conversation with something unread deleted, by its member or by a cascade.
CREATE TRIGGER `participants_unread_delete` AFTER DELETE ON `conversation_participants`
  WHEN OLD.`unread_count` > 0
BEGIN
  UPDATE `member_unread` SET `conversations` = `conversations` - 1 WHERE `member_id` = OLD.`member_id`;
END;--> statement-breakpoint
-- By member alone again: the unread count is no longer counted from this index, and each message changes it.
CREATE INDEX `participants_member_idx` ON `conversation_participants` (`member_id`);--> statement-breakpoint
DROP INDEX `participants_member_unread_idx`;
