-- Early-access places are taken when the address is verified, no longer at sign-up (issue 17.2): members
-- who never verified give theirs back, and the counter (the public number) counts the places held.
-- Like every member write, it moves updated_at forward.
UPDATE `members`
  SET `has_free_access` = 0, `updated_at` = max(`updated_at` + 1, CAST(strftime('%s', 'now') AS INTEGER) * 1000)
  WHERE `has_free_access` = 1 AND `email_verified` = 0 AND `deleted_at` IS NULL;--> statement-breakpoint
UPDATE `app_counters` SET `value` = (SELECT count(*) FROM `members` WHERE `has_free_access` = 1)
  WHERE `name` = 'earlyAccess';
