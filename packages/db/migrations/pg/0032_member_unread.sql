-- Generated, then written on by hand (issue 32): each member's number of conversations with something unread,
-- kept by triggers on conversation_participants, where amiko_send_message and the unread state counted the
-- member's participant rows: a count that read every conversation they had unread, row by row (an index-only
-- scan does not stay index-only on a table every send updates), which cost over a quarter of the function's
-- time in a database of 150,000 messages (pgbench, docs/performance.md). The triggers come before the count
-- that fills the table: creating them locks conversation_participants against writes until the migrations
-- commit, so a send of a process still on the version before waits and is then counted by its trigger, never
-- twice and never missed.
-- packages/db/migrations/sqlite/0025 does the same.
CREATE TABLE "member_unread" (
	"member_id" text PRIMARY KEY NOT NULL,
	"conversations" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_unread" ADD CONSTRAINT "member_unread_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A participant row's unread count going from nothing to something adds one to its member's; back to nothing,
-- or the row deleted (a conversation deleted, a cascade), takes one away. Called only for those changes.
CREATE FUNCTION amiko_count_unread_conversation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.unread_count > 0 THEN
    UPDATE member_unread SET conversations = conversations - 1 WHERE member_id = OLD.member_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.unread_count > 0 THEN
    INSERT INTO member_unread AS u (member_id, conversations) VALUES (NEW.member_id, 1)
      ON CONFLICT (member_id) DO UPDATE SET conversations = u.conversations + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER participants_unread_insert AFTER INSERT ON conversation_participants
  FOR EACH ROW WHEN (NEW.unread_count > 0) EXECUTE FUNCTION amiko_count_unread_conversation();--> statement-breakpoint
CREATE TRIGGER participants_unread_update AFTER UPDATE OF unread_count ON conversation_participants
  FOR EACH ROW WHEN ((OLD.unread_count > 0) <> (NEW.unread_count > 0))
  EXECUTE FUNCTION amiko_count_unread_conversation();--> statement-breakpoint
CREATE TRIGGER participants_unread_delete AFTER DELETE ON conversation_participants
  FOR EACH ROW WHEN (OLD.unread_count > 0) EXECUTE FUNCTION amiko_count_unread_conversation();--> statement-breakpoint
INSERT INTO member_unread (member_id, conversations)
  SELECT member_id, count(*) FROM conversation_participants WHERE unread_count > 0 GROUP BY member_id;--> statement-breakpoint
-- By member alone again: nothing counts from the unread count's index any more, and with the count in it every
-- message's update of its recipient's row wrote new entries in both of the table's indexes, where now the
-- row is updated in place (a heap-only update).
CREATE INDEX "participants_member_idx" ON "conversation_participants" USING btree ("member_id");--> statement-breakpoint
DROP INDEX "participants_member_unread_idx";--> statement-breakpoint
-- amiko_send_message (0026) again, reading the recipient's count from member_unread.
CREATE OR REPLACE FUNCTION amiko_send_message(
  p_sender text, p_recipient text, p_client_id text, p_body text, p_now timestamptz,
  p_pair_key text, p_new_conversation_id text
) RETURNS TABLE (
  outcome text, message_id bigint, message_conversation_id text, message_sender_id text,
  message_recipient_id text, message_client_id text, message_body text, message_created_at timestamptz,
  message_read_at timestamptz, unread_conversations integer
) LANGUAGE plpgsql AS $$
DECLARE
  v_deleted_at timestamptz;
  v_blocked boolean;
  v_conversation_id text;
  v_message messages%ROWTYPE;
  v_unread_count integer;
  v_unread_before boolean;
  v_unread_conversations integer;
BEGIN
  -- Both members' row locks, in id order, before a message id is drawn: ids then become visible in
  -- increasing order for each member (docs/decisions.md, "Message ids in commit order").
  PERFORM 1 FROM members WHERE id IN (p_sender, p_recipient) ORDER BY id FOR NO KEY UPDATE;
  SELECT m.deleted_at,
         EXISTS (SELECT 1 FROM blocks b
                 WHERE (b.blocker_id = p_sender AND b.blocked_id = p_recipient)
                    OR (b.blocker_id = p_recipient AND b.blocked_id = p_sender))
    INTO v_deleted_at, v_blocked
    FROM members m WHERE m.id = p_recipient AND m.email_verified AND m.suspended_at IS NULL;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found', NULL::bigint, NULL, NULL, NULL, NULL, NULL, NULL::timestamptz, NULL::timestamptz, NULL::integer;
    RETURN;
  END IF;
  IF v_deleted_at IS NOT NULL THEN
    RETURN QUERY SELECT 'deleted', NULL::bigint, NULL, NULL, NULL, NULL, NULL, NULL::timestamptz, NULL::timestamptz, NULL::integer;
    RETURN;
  END IF;
  IF v_blocked THEN
    RETURN QUERY SELECT 'blocked', NULL::bigint, NULL, NULL, NULL, NULL, NULL, NULL::timestamptz, NULL::timestamptz, NULL::integer;
    RETURN;
  END IF;

  SELECT c.id INTO v_conversation_id FROM conversations c WHERE c.pair_key = p_pair_key;
  IF NOT FOUND THEN
    v_conversation_id := p_new_conversation_id;
    INSERT INTO conversations (id, pair_key, created_at) VALUES (v_conversation_id, p_pair_key, p_now);
    INSERT INTO conversation_participants (conversation_id, member_id, unread_count)
      VALUES (v_conversation_id, p_sender, 0), (v_conversation_id, p_recipient, 0);
  END IF;

  INSERT INTO messages AS m (conversation_id, sender_id, recipient_id, client_id, body, created_at)
    VALUES (v_conversation_id, p_sender, p_recipient, p_client_id, p_body, p_now)
    ON CONFLICT (sender_id, client_id) DO NOTHING
    RETURNING m.* INTO v_message;
  IF NOT FOUND THEN
    SELECT m.* INTO v_message FROM messages m WHERE m.sender_id = p_sender AND m.client_id = p_client_id;
    RETURN QUERY SELECT 'repeat', v_message.id, v_message.conversation_id, v_message.sender_id,
      v_message.recipient_id, v_message.client_id, v_message.body, v_message.created_at, v_message.read_at,
      NULL::integer;
    RETURN;
  END IF;

  UPDATE conversations SET last_message_id = v_message.id, last_message_at = p_now
    WHERE id = v_conversation_id;
  UPDATE conversation_participants SET unread_count = unread_count + 1
    WHERE conversation_id = v_conversation_id AND member_id = p_recipient
    RETURNING unread_count INTO v_unread_count;
  -- An unread message before this one that the recipient's unread dot still shows.
  SELECT EXISTS (SELECT 1 FROM messages m
                 WHERE m.recipient_id = p_recipient AND m.read_at IS NULL AND m.id < v_message.id
                   AND m.id > (SELECT r.unread_cleared_through FROM members r WHERE r.id = p_recipient))
    INTO v_unread_before;
  -- Changed: the conversations they have unread, as packages/api's unreadState reads them.
  IF v_unread_count = 1 OR NOT v_unread_before THEN
    SELECT u.conversations INTO v_unread_conversations FROM member_unread u WHERE u.member_id = p_recipient;
  END IF;
  RETURN QUERY SELECT 'created', v_message.id, v_message.conversation_id, v_message.sender_id,
    v_message.recipient_id, v_message.client_id, v_message.body, v_message.created_at, v_message.read_at,
    v_unread_conversations;
END;
$$;
