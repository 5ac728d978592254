/**
 * The id a client gives a message it sends (`clientId` in sendMessageSchema and podSendSchema): a
 * UUID of version 7, the milliseconds since 1970 in its first 48 bits and 74 random bits after them, written
 * in lower-case hex. Ids made later sort after, as text, so the server's unique index on (client_id, sender_id)
 * takes each new message's entry beside the newest ones instead of at a random place (issue 32,
 * docs/performance.md). The server does not rely on the order: any UUID is accepted, and as unique.
 */
export function newClientId(now = Date.now()): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  for (let i = 5, time = now; i >= 0; i--, time = Math.floor(time / 256)) bytes[i] = time % 256;
  bytes[6] = 0x70 | (bytes[6]! & 0x0f); // version 7
  bytes[8] = 0x80 | (bytes[8]! & 0x3f); // RFC 9562's variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
