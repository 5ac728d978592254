import type { StoredMessage } from '@amiko/db';
import type {
  CafeLevel,
  Interest,
  Language,
  PodJoinRule,
  PodKind,
  PodNewcomers,
  PodQuietAnswer,
  PodReadMark,
  PodRole,
} from '@amiko/core';

// What crosses the wire: the shapes the API answers and the socket events carry, in one module that the
// services and the socket contract (socket-events.ts) both import, so neither has to import the other.

/** A stored message as clients see it; times are epoch milliseconds. readAt set means readBy = [recipient]. */
export type MessageView = StoredMessage;

export interface ConversationReadEvent {
  conversationId: string;
  readerId: string;
  /** Every message to the reader with an id up to this one is read. */
  upTo: number;
  readAt: number;
}

/** SPEC §4's unread flag, and the number of conversations with unread messages (tab title, desktop badge). */
export interface UnreadState {
  hasUnread: boolean;
  unreadConversations: number;
}

/**
 * A new message as its members' devices get it live. The recipient's devices also get their unread state
 * after it, when it changed and nothing newer was sent (issue 32: one frame where there were two); else it
 * comes as 'unread:changed'. The sender's devices never get it.
 */
export interface NewMessageEvent extends MessageView {
  unread?: UnreadState;
}

/**
 * Another member as a viewer may see them, wherever one member names another (views.ts decides): their
 * name and photo, or, when they are hidden from the viewer, a deleted member's placeholder.
 */
export interface PeerView {
  id: string;
  name: string;
  avatarUrl: string | null;
  deleted: boolean;
}

export interface ConversationView {
  id: string;
  other: PeerView;
  lastMessage: Pick<MessageView, 'id' | 'senderId' | 'body' | 'createdAt' | 'readAt'> | null;
  /** When the last message was sent (or the conversation started), for sorting and display. */
  updatedAt: number;
  /** Messages to the member in this conversation they have not read. */
  unreadCount: number;
  /** The member has blocked the other participant. */
  blockedByMe: boolean;
}

export interface SendResult {
  message: MessageView;
  /** False when the clientId was already stored: the send was a repeat and nothing new was stored. */
  created: boolean;
}

/** A page of replay: the member's messages after an id. */
export interface SyncResult {
  /** Ascending by id. */
  messages: MessageView[];
  /** More messages follow: ask again after the last id of this page. */
  more: boolean;
}

/** A member of a pod as others see them there: first name and photo only (issue 34). */
export interface PodMemberView {
  id: string;
  firstName: string;
  avatarUrl: string | null;
  role: PodRole;
}

/** A pod as the Pods page and the pod's own page show it. */
export interface PodView {
  id: string;
  name: string;
  kind: PodKind;
  interests: Interest[];
  languages: Language[];
  level: CafeLevel | null;
  /** The pod's town in the reader's language; null: an online pod. */
  place: { id: number; label: string } | null;
  description: string;
  sizeLimit: number;
  joinRule: PodJoinRule;
  /** The members the viewer may see (nobody they blocked or who blocked them is ever in a pod they see). */
  members: PodMemberView[];
  freePlaces: number;
  /** The viewer's role in the pod, or null when they are not in it. */
  myRole: PodRole | null;
  /** How alive it is: its messages of the last POD_ACTIVITY_DAYS, everyone's (issue 34.2). */
  messagesThisWeek: number;
  /**
   * When it next meets (issue 34.2): its soonest meetup not cancelled, the time only (the venue is for those
   * going), in the meetup's zone; null when none is planned.
   */
  nextMeetup: { startsAt: number; timeZone: string } | null;
  /**
   * For a member of a pod gone quiet (no message for POD_QUIET_DAYS): their answer to "keep it, or let it
   * close?" this quiet spell, null until they give one. Null when the pod is alive or the viewer not in it.
   */
  quiet: { answer: PodQuietAnswer | null } | null;
  /** The viewer asked to join and waits for an answer. */
  requested: boolean;
  /** The viewer is invited to join (a suggested pod) and has not answered yet. */
  invited: boolean;
  /** For the pod's starter and hosts: who asks to join, oldest first. */
  requests: PodRequestView[];
}

/** A request to join as a host sees it: who, and how reliably they came to meetups (issue 35.6). */
export interface PodRequestView extends PodMemberView {
  /** "Came to 4 of 5 meetups": the ended meetups they were going to, and those they came to. */
  meetups: { came: number; of: number };
}

/**
 * "4 people near you love board games — start a pod?" (issue 34.3): the interest, how many neighbours share
 * it (never who), and the member's own place, which the pod starts at unless they pick another.
 */
export interface PodSuggestion {
  interest: Interest;
  people: number;
  /** The language the pod would speak to begin with: the member's first, else the one they use Amiko in. */
  languages: Language[];
  place: { id: number; name: string; region: string | null; country: string; regionNeeded: boolean };
}

/** A pod started from a suggestion, and how many neighbours were invited to it. */
export interface SuggestedPodStarted {
  pod: PodView;
  invited: number;
}

// The pod's chat (issue 34): services/pods-chat.ts.

/** A stored message of a pod's chat; createdAt in epoch milliseconds. */
export interface PodMessageView {
  id: number;
  podId: string;
  senderId: string;
  clientId: string;
  body: string;
  createdAt: number;
  /**
   * A proposed meetup's card (issue 35.1; its body is empty): the meetup's id, when it starts and whether it
   * was cancelled. What else the card shows comes from meetups.ofPod, as the viewer may see it.
   */
  meetup: { id: string; startsAt: number; cancelled: boolean } | null;
}

/**
 * A pod message as its members' devices get it live. A recipient's devices also get their unread pods with
 * it, as its send read them, when nothing of theirs read later can have gone out first (one frame where
 * there were two, as NewMessageEvent); else those come as 'pod:unread'. The sender's devices never get them.
 */
export interface PodMessageEvent extends PodMessageView {
  unread?: PodUnreadState;
}

export interface PodSendResult {
  message: PodMessageView;
  /** False when the clientId was already stored: the send was a repeat and nothing new was stored. */
  created: boolean;
}

export type { PodReadMark };

/**
 * A page of a pod's chat, oldest first. `senders` names everyone who wrote a message of the page as the
 * viewer may see them (first name and photo; a deleted member's placeholder for who can no longer be named),
 * members who have left included. `reads` are the read marks of the pod's members the viewer sees ("Seen by"
 * is seenByCount of @amiko/core over them); `myReadUpTo` is the viewer's own.
 */
export interface PodThreadPage {
  messages: PodMessageView[];
  hasMore: boolean;
  senders: PeerView[];
  reads: PodReadMark[];
  myReadUpTo: number | null;
  /** On the newest page of a chat without messages: what its members share, for its first lines. */
  together?: PodTogether;
}

/**
 * What a pod's members share, as a summary that names nobody (issue 34.4): interests at least two of the
 * members the viewer sees hold, most holders first, and who among them is new in town.
 */
export interface PodTogether {
  shared: Interest[];
  newcomers: PodNewcomers | null;
}

/** A page of a pod's replay: its messages after an id, ascending. Ask again after the last id while `more`. */
export interface PodSyncResult {
  messages: PodMessageView[];
  more: boolean;
  senders: PeerView[];
}

/** A member of a pod has read its messages up to a message id. */
export interface PodReadEvent {
  podId: string;
  readerId: string;
  upTo: number;
}

/**
 * The member's unread pods as the server counts them: how many of their pods have a message after their read
 * mark (not their own, nor of anyone they blocked or who blocked them), and per pod how many, up to
 * POD_UNREAD_COUNTED (@amiko/core).
 */
export interface PodUnreadState {
  unreadPods: number;
  pods: { podId: string; unread: number }[];
  /**
   * The member's pending invitations to open pods (as My pods lists them: none to a pod with anyone on the
   * other side of a block). Left out of the state sent after a pod message, which changes none: the client
   * keeps the number it has.
   */
  invitations?: number;
}
