/** The part of a message the unread rule looks at (SPEC §3 Message). */
export interface ReadState {
  senderId: string;
  recipientId: string;
  readBy: readonly string[];
}

/** A message is unread for a member who is its recipient, is not its sender and is not in readBy. */
export function isUnread(message: ReadState, memberId: string): boolean {
  return (
    message.recipientId === memberId && message.senderId !== memberId && !message.readBy.includes(memberId)
  );
}

export function countUnread(messages: Iterable<ReadState>, memberId: string): number {
  let count = 0;
  for (const message of messages) if (isUnread(message, memberId)) count += 1;
  return count;
}
