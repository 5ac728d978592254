-- Written by hand: amiko_send_messages, the sends of one turn of a server's event loop in one call, one
-- statement and one commit (issue 32: each send was a statement and a commit of its own; grouped, the
-- server's CPU per message at saturation fell from 3.8 to 2.6 times a bare relay's). Each send is still
-- amiko_send_message's, answered in the order given (ord, from 1). Every member of the batch is locked
-- first, in id order, as amiko_send_message locks its two: batches and single sends never wait on each other
-- in a circle, and message ids still become visible in increasing order for each member.
CREATE FUNCTION amiko_send_messages(
  p_senders text[], p_recipients text[], p_client_ids text[], p_bodies text[], p_nows timestamptz[],
  p_pair_keys text[], p_new_conversation_ids text[]
) RETURNS TABLE (
  ord integer, outcome text, message_id bigint, message_conversation_id text, message_sender_id text,
  message_recipient_id text, message_client_id text, message_body text, message_created_at timestamptz,
  message_read_at timestamptz, unread_conversations integer
) LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM members WHERE id = ANY (p_senders || p_recipients) ORDER BY id FOR NO KEY UPDATE;
  FOR i IN 1 .. coalesce(array_length(p_senders, 1), 0) LOOP
    RETURN QUERY SELECT i, s.* FROM amiko_send_message(p_senders[i], p_recipients[i], p_client_ids[i],
      p_bodies[i], p_nows[i], p_pair_keys[i], p_new_conversation_ids[i]) s;
  END LOOP;
END;
$$;
