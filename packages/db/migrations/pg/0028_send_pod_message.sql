-- Written by hand: a pod message stored in one round trip, as amiko_send_message stores a private one (the
-- pods bench: BEGIN, the pod's lock, the membership, the insert, the unread counts and COMMIT were six round
-- trips and five queries built by drizzle on every send). The same steps as the SQLite transaction in
-- packages/api/src/services/pods-chat.ts (storePodMessage): the pod's row lock before the id is drawn (a
-- pod's ids become visible in increasing order), the sender's membership of the open pod, the insert (a
-- repeat of the sender's client id answers the stored message), and one more unread (up to p_unread_counted)
-- for every member of the pod who sees the sender, who are the message's recipients.
CREATE FUNCTION amiko_send_pod_message(
  p_pod text, p_sender text, p_client_id text, p_body text, p_now timestamptz, p_unread_counted integer
) RETURNS TABLE (
  outcome text, message_id bigint, message_created_at timestamptz, message_body text,
  message_meetup_id text, recipients text[]
) LANGUAGE plpgsql AS $$
DECLARE
  v_message pod_messages%ROWTYPE;
  v_recipients text[];
BEGIN
  PERFORM 1 FROM pods WHERE id = p_pod FOR NO KEY UPDATE;
  PERFORM 1 FROM pod_members pm JOIN pods p ON p.id = pm.pod_id
    WHERE pm.pod_id = p_pod AND pm.member_id = p_sender AND p.closed_at IS NULL;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found', NULL::bigint, NULL::timestamptz, NULL, NULL, NULL::text[];
    RETURN;
  END IF;

  INSERT INTO pod_messages AS m (pod_id, sender_id, client_id, body, created_at)
    VALUES (p_pod, p_sender, p_client_id, p_body, p_now)
    ON CONFLICT (sender_id, client_id) DO NOTHING
    RETURNING m.* INTO v_message;
  IF NOT FOUND THEN
    SELECT m.* INTO v_message FROM pod_messages m WHERE m.sender_id = p_sender AND m.client_id = p_client_id;
    RETURN QUERY SELECT 'repeat', v_message.id, v_message.created_at, v_message.body, v_message.meetup_id,
      NULL::text[];
    RETURN;
  END IF;

  WITH counted AS (
    UPDATE pod_members pm
      SET unread_count = CASE WHEN pm.unread_count < p_unread_counted THEN pm.unread_count + 1
                              ELSE pm.unread_count END
      WHERE pm.pod_id = p_pod AND pm.member_id <> p_sender
        AND NOT EXISTS (SELECT 1 FROM blocks b
                        WHERE (b.blocker_id = p_sender AND b.blocked_id = pm.member_id)
                           OR (b.blocker_id = pm.member_id AND b.blocked_id = p_sender))
      RETURNING pm.member_id
  )
  SELECT coalesce(array_agg(member_id), '{}') INTO v_recipients FROM counted;
  RETURN QUERY SELECT 'created', v_message.id, v_message.created_at, v_message.body, v_message.meetup_id,
    v_recipients;
END;
$$;
