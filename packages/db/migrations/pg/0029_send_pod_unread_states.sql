-- Written by hand: amiko_send_pod_message (0028) again, answering also its recipients' unread pods (each
-- recipient's open pods with their unread counts, this message counted), read in the send's own transaction:
-- they go to the recipients' devices without a read of their own after the send, one round trip a pod
-- message instead of two (issue 34's bench), as a private message's unread state does (0026). The SQLite
-- store in packages/db/src/send-pod-message.ts answers the same. A function's columns cannot be changed in
-- place: it is dropped and made again, in this migration's transaction.
DROP FUNCTION amiko_send_pod_message(text, text, text, text, timestamptz, integer);--> statement-breakpoint
CREATE FUNCTION amiko_send_pod_message(
  p_pod text, p_sender text, p_client_id text, p_body text, p_now timestamptz, p_unread_counted integer
) RETURNS TABLE (
  outcome text, message_id bigint, message_created_at timestamptz, message_body text,
  message_meetup_id text, recipients text[], recipient_pods jsonb
) LANGUAGE plpgsql AS $$
DECLARE
  v_message pod_messages%ROWTYPE;
  v_recipients text[];
  v_recipient_pods jsonb;
BEGIN
  PERFORM 1 FROM pods WHERE id = p_pod FOR NO KEY UPDATE;
  PERFORM 1 FROM pod_members pm JOIN pods p ON p.id = pm.pod_id
    WHERE pm.pod_id = p_pod AND pm.member_id = p_sender AND p.closed_at IS NULL;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found', NULL::bigint, NULL::timestamptz, NULL, NULL, NULL::text[], NULL::jsonb;
    RETURN;
  END IF;

  INSERT INTO pod_messages AS m (pod_id, sender_id, client_id, body, created_at)
    VALUES (p_pod, p_sender, p_client_id, p_body, p_now)
    ON CONFLICT (sender_id, client_id) DO NOTHING
    RETURNING m.* INTO v_message;
  IF NOT FOUND THEN
    SELECT m.* INTO v_message FROM pod_messages m WHERE m.sender_id = p_sender AND m.client_id = p_client_id;
    RETURN QUERY SELECT 'repeat', v_message.id, v_message.created_at, v_message.body, v_message.meetup_id,
      NULL::text[], NULL::jsonb;
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
  -- The recipients' open pods with their unread counts, this message counted: their unread state.
  SELECT coalesce(jsonb_agg(jsonb_build_array(pm.member_id, pm.pod_id, pm.unread_count)
                            ORDER BY pm.member_id, pm.pod_id), '[]')
    INTO v_recipient_pods
    FROM pod_members pm JOIN pods p ON p.id = pm.pod_id
    WHERE pm.member_id = ANY (v_recipients) AND p.closed_at IS NULL;
  RETURN QUERY SELECT 'created', v_message.id, v_message.created_at, v_message.body, v_message.meetup_id,
    v_recipients, v_recipient_pods;
END;
$$;
