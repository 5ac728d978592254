-- Written by hand (issue 32): amiko_send_message (0032) again, with two statements fewer for most messages.
-- A conversation's first message inserted its participants with nothing unread and then updated the
-- recipient's row to one; the participants now follow the message, the recipient's row with one unread. And
-- the look for an earlier unread message (a read of the recipient's unread messages) runs only when the
-- conversation had something unread already: when it had nothing, the state changed whatever that look
-- says. The same outcome and the same rows as before for every send; amiko_send_messages (0031) calls this.
-- packages/db/src/send-message.ts makes the same change on SQLite.
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
  v_new_conversation boolean;
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
  v_new_conversation := NOT FOUND;
  IF v_new_conversation THEN
    v_conversation_id := p_new_conversation_id;
    INSERT INTO conversations (id, pair_key, created_at) VALUES (v_conversation_id, p_pair_key, p_now);
  END IF;

  INSERT INTO messages AS m (conversation_id, sender_id, recipient_id, client_id, body, created_at)
    VALUES (v_conversation_id, p_sender, p_recipient, p_client_id, p_body, p_now)
    ON CONFLICT (sender_id, client_id) DO NOTHING
    RETURNING m.* INTO v_message;
  IF NOT FOUND THEN
    -- The client id was used before, to someone else: the new conversation stays, with nothing unread, as
    -- it did before.
    IF v_new_conversation THEN
      INSERT INTO conversation_participants (conversation_id, member_id, unread_count)
        VALUES (v_conversation_id, p_sender, 0), (v_conversation_id, p_recipient, 0);
    END IF;
    SELECT m.* INTO v_message FROM messages m WHERE m.sender_id = p_sender AND m.client_id = p_client_id;
    RETURN QUERY SELECT 'repeat', v_message.id, v_message.conversation_id, v_message.sender_id,
      v_message.recipient_id, v_message.client_id, v_message.body, v_message.created_at, v_message.read_at,
      NULL::integer;
    RETURN;
  END IF;

  UPDATE conversations SET last_message_id = v_message.id, last_message_at = p_now
    WHERE id = v_conversation_id;
  -- A new conversation's participants come with the message, the recipient with it unread: one statement
  -- where an insert and an update of the same row were two.
  IF v_new_conversation THEN
    INSERT INTO conversation_participants (conversation_id, member_id, unread_count)
      VALUES (v_conversation_id, p_sender, 0), (v_conversation_id, p_recipient, 1);
    v_unread_count := 1;
  ELSE
    UPDATE conversation_participants SET unread_count = unread_count + 1
      WHERE conversation_id = v_conversation_id AND member_id = p_recipient
      RETURNING unread_count INTO v_unread_count;
  END IF;
  -- Nothing was unread in this conversation, so the state changed; otherwise it did unless an unread message
  -- before this one still shows in the recipient's unread dot (asked only then: it reads their unread
  -- messages).
  v_unread_before := false;
  IF v_unread_count > 1 THEN
    SELECT EXISTS (SELECT 1 FROM messages m
                   WHERE m.recipient_id = p_recipient AND m.read_at IS NULL AND m.id < v_message.id
                     AND m.id > (SELECT r.unread_cleared_through FROM members r WHERE r.id = p_recipient))
      INTO v_unread_before;
  END IF;
  -- Changed: the conversations they have unread, as packages/api's unreadState reads them.
  IF NOT v_unread_before THEN
    SELECT u.conversations INTO v_unread_conversations FROM member_unread u WHERE u.member_id = p_recipient;
  END IF;
  RETURN QUERY SELECT 'created', v_message.id, v_message.conversation_id, v_message.sender_id,
    v_message.recipient_id, v_message.client_id, v_message.body, v_message.created_at, v_message.read_at,
    v_unread_conversations;
END;
$$;
