-- Early-access places are taken when the address is verified, no longer at sign-up (issue 17.2): members
-- who never verified give theirs back, and the counter (the public number) counts the places held.
-- Like every member write, it moves updated_at forward.
UPDATE "members"
  SET "has_free_access" = false, "updated_at" = GREATEST("updated_at" + interval '1 millisecond', now())
  WHERE "has_free_access" AND NOT "email_verified" AND "deleted_at" IS NULL;--> statement-breakpoint
UPDATE "app_counters" SET "value" = (SELECT count(*) FROM "members" WHERE "has_free_access")
  WHERE "name" = 'earlyAccess';
