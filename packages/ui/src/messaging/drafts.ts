// What a member typed to another member and has not sent: a draft per member and conversation partner (two
// members have one conversation, which may not exist yet), kept in localStorage so that it survives the way
// to the payment and back, and a reload (issue 18.1). Sending clears it; signing out clears them all, so
// that the next person on a shared device never reads them.

const DRAFT_PREFIX = 'amiko.draft:';
const RETURN_PREFIX = 'amiko.paymentReturn:';

/** localStorage, or null where there is none (prerendering, storage blocked). */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The key a pod's chat keeps its draft and payment return under, in place of a member id: those are UUIDs,
 * never starting like this. podOfDraftKey reads the pod back (null for a member's id).
 */
export const podDraftKey = (podId: string) => `pod:${podId}`;
export const podOfDraftKey = (key: string): string | null => (key.startsWith('pod:') ? key.slice(4) : null);

const draftKey = (me: string, peerId: string) => `${DRAFT_PREFIX}${me}:${peerId}`;

export function readDraft(me: string, peerId: string): string {
  return storage()?.getItem(draftKey(me, peerId)) ?? '';
}

/** Keeps the text as the draft to this member; an empty or blank text removes it. */
export function saveDraft(me: string, peerId: string, text: string): void {
  try {
    if (text.trim() === '') storage()?.removeItem(draftKey(me, peerId));
    else storage()?.setItem(draftKey(me, peerId), text);
  } catch {
    // Storage full or refused: the draft lives only in the box, as before.
  }
}

type RestoredListener = (peerId: string, text: string) => void;
const restoredListeners = new Set<RestoredListener>();

/**
 * A message the server refused for want of payment: kept as the draft again and, if its conversation is
 * still on screen (the way to the payment not yet shown), put back in the box.
 */
export function restoreDraft(me: string, peerId: string, text: string): void {
  saveDraft(me, peerId, text);
  for (const listener of restoredListeners) listener(peerId, text);
}

/** Calls the listener for every restored draft until the returned function is called. */
export function onDraftRestored(listener: RestoredListener): () => void {
  restoredListeners.add(listener);
  return () => void restoredListeners.delete(listener);
}

/**
 * The conversation a member was writing in when the first message led to the payment: /payment-success
 * leads back to it once the payment is granted.
 */
export function rememberPaymentReturn(me: string, peerId: string): void {
  try {
    storage()?.setItem(`${RETURN_PREFIX}${me}`, peerId);
  } catch {
    // Without storage the success page offers the community only, as before.
  }
}

export function paymentReturn(me: string): string | null {
  return storage()?.getItem(`${RETURN_PREFIX}${me}`) ?? null;
}

export function forgetPaymentReturn(me: string): void {
  storage()?.removeItem(`${RETURN_PREFIX}${me}`);
}

/** Forgets every draft and return on this device (sign-out). */
export function clearDrafts(): void {
  const store = storage();
  if (!store) return;
  const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
    (key): key is string => key !== null && (key.startsWith(DRAFT_PREFIX) || key.startsWith(RETURN_PREFIX)),
  );
  for (const key of keys) store.removeItem(key);
}
