-- Each member's unread messages per pod, kept as a count (up to POD_UNREAD_COUNTED, 100) instead of counted
-- for every recipient of every message; the rows there are get the count as it was counted before.
ALTER TABLE `pod_members` ADD `unread_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `pod_members` SET `unread_count` = (
  SELECT count(*) FROM (
    SELECT 1 FROM `pod_messages` AS m
    WHERE m.`pod_id` = `pod_members`.`pod_id`
      AND m.`id` > coalesce(`pod_members`.`last_read_message_id`, 0)
      AND m.`sender_id` <> `pod_members`.`member_id`
      AND NOT EXISTS (
        SELECT 1 FROM `blocks` AS b
        WHERE (b.`blocker_id` = `pod_members`.`member_id` AND b.`blocked_id` = m.`sender_id`)
           OR (b.`blocker_id` = m.`sender_id` AND b.`blocked_id` = `pod_members`.`member_id`)
      )
    LIMIT 100
  )
);
