import type { Column } from 'drizzle-orm';
import { jsonColumns, now } from './columns-shared.ts';
import type { Dialect, Kit } from './kit.ts';
import type { CatalogId } from './types.ts';

// The tables of groups (issues 34 and 35): pods, their members, requests, chat, removals, invitations and
// suggestions, and their meetups with who goes and what members said afterwards. Written once for both
// dialects, as tables.ts is, which adds them to the rest of the data model.

/** The tables of pods and meetups; `members` is the members table they refer to. */
export function defineGroupTables<D extends Dialect>(kit: Kit<D>, members: { id: Column }) {
  const { table, index, uniqueIndex, primaryKey, id, str, int, bigInt, bool, timestamp, serial } = kit;
  const { list } = jsonColumns(kit);

  /**
   * A pod (issue 34): a small circle of members around one or two interests, or a language café (its two
   * languages and the lowest level it welcomes), at a place (a GeoNames id, as members.place_id) or online
   * (null). How many may be in it is size_limit (3 to 8); join_rule is 'open' or 'ask'. closed_at set: the
   * pod is closed (by its members or an operator) and offered to nobody. docs/decisions.md, "Pods".
   */
  const pods = table(
    'pods',
    {
      id: id('id').primaryKey(),
      name: str('name').notNull(),
      kind: str('kind').$type<'interests' | 'languageCafe'>().notNull(),
      interests: list<CatalogId<'interests'>>('interests'),
      languages: list<CatalogId<'languages'>>('languages'),
      level: str('level').$type<CatalogId<'cafeLevels'>>(),
      placeId: int('place_id'),
      description: str('description').notNull().default(''),
      sizeLimit: int('size_limit').notNull().default(6),
      joinRule: str('join_rule').$type<'open' | 'ask'>().notNull().default('open'),
      startedBy: id('started_by').references(() => members.id, { onDelete: 'set null' }),
      createdAt: timestamp('created_at').notNull().$defaultFn(now),
      closedAt: timestamp('closed_at'),
    },
    (t) => [index('pods_place_idx').on(t.placeId)],
  );

  /** Who is in a pod, and as what: its starter, a host the starter named, or a member. */
  const podMembers = table(
    'pod_members',
    {
      podId: id('pod_id')
        .notNull()
        .references(() => pods.id, { onDelete: 'cascade' }),
      memberId: id('member_id')
        .notNull()
        .references(() => members.id, { onDelete: 'cascade' }),
      role: str('role').$type<'starter' | 'host' | 'member'>().notNull().default('member'),
      joinedAt: timestamp('joined_at').notNull().$defaultFn(now),
      /**
       * The id of the last pod message this member has read (a watermark; null: none yet). Unread is what
       * comes after it; "Seen by" counts the members whose watermark has passed a message.
       */
      lastReadMessageId: bigInt('last_read_message_id'),
      /**
       * The newest pod message a "New messages in …" mail has told this member about (null: none since they
       * were last back). No further mail about the pod until their read mark has passed it.
       */
      mailedUpTo: bigInt('mailed_up_to'),
      /**
       * How many messages after the read mark count as unread for this member (not their own, nobody's on the
       * other side of a block), up to POD_UNREAD_COUNTED: kept by the send that stores a message, set again
       * when the mark moves or a block between two members is made or lifted (services/pods-unread.ts).
       */
      unreadCount: int('unread_count').notNull().default(0),
      /**
       * The member's answer when the pod had gone quiet (no message for POD_QUIET_DAYS): keep it, or let it
       * close; null: never asked or not answered. It belongs to the quiet spell when quiet_answered_at is after
       * the pod's newest message: a later message ends the spell, and the question comes again next time.
       */
      quietAnswer: str('quiet_answer').$type<'keep' | 'close'>(),
      quietAnsweredAt: timestamp('quiet_answered_at'),
    },
    (t) => [primaryKey({ columns: [t.podId, t.memberId] }), index('pod_members_member_idx').on(t.memberId)],
  );

  /** A request to join a pod whose join rule is 'ask', until a host answers it or its member withdraws it. */
  const podRequests = table(
    'pod_requests',
    {
      podId: id('pod_id')
        .notNull()
        .references(() => pods.id, { onDelete: 'cascade' }),
      memberId: id('member_id')
        .notNull()
        .references(() => members.id, { onDelete: 'cascade' }),
      createdAt: timestamp('created_at').notNull().$defaultFn(now),
    },
    (t) => [primaryKey({ columns: [t.podId, t.memberId] }), index('pod_requests_member_idx').on(t.memberId)],
  );

  /**
   * A member taken out of a pod by its starter or a host (removed_by), or by an operator (`pnpm admin
   * pod-remove`, removed_by null and actor their name), with the reason, kept for moderation (issue 34). A
   * member removed from a pod joins it again only by a host's approval, whatever its join rule.
   */
  const podRemovals = table(
    'pod_removals',
    {
      id: serial('id'),
      podId: id('pod_id')
        .notNull()
        .references(() => pods.id, { onDelete: 'cascade' }),
      memberId: id('member_id')
        .notNull()
        .references(() => members.id, { onDelete: 'cascade' }),
      removedBy: id('removed_by').references(() => members.id, { onDelete: 'set null' }),
      /** An operator who removed the member, as they named themselves; null when a host did. */
      actor: str('actor'),
      reason: str('reason').notNull(),
      createdAt: timestamp('created_at').notNull().$defaultFn(now),
    },
    (t) => [index('pod_removals_pod_member_idx').on(t.podId, t.memberId)],
  );

  /**
   * A message in a pod's chat (issue 34): stored before it is delivered to the pod's members, `client_id`
   * unique per sender so that a repeated send never stores a copy. Ids of one pod become visible in
   * increasing order (a send holds the pod's lock), so a member replays a pod after the last id they saw.
   */
  const podMessages = table(
    'pod_messages',
    {
      id: serial('id'),
      podId: id('pod_id')
        .notNull()
        .references(() => pods.id, { onDelete: 'cascade' }),
      senderId: id('sender_id')
        .notNull()
        .references(() => members.id),
      clientId: str('client_id').notNull(),
      body: str('body').notNull(),
      createdAt: timestamp('created_at').notNull().$defaultFn(now),
      /** A meetup proposed in the pod (issue 35.1): the chat shows it as a card; null for a written message. */
      meetupId: id('meetup_id').references(() => meetups.id, { onDelete: 'cascade' }),
    },
    (t) => [
      // Client id first, as messages_client_sender_unique (tables.ts).
      uniqueIndex('pod_messages_client_sender_unique').on(t.clientId, t.senderId),
      index('pod_messages_pod_idx').on(t.podId, t.id),
      // A pod's messages of the last days (its "messages this week"; whether it has gone quiet): one range.
      index('pod_messages_pod_time_idx').on(t.podId, t.createdAt),
    ],
  );

  /**
   * An invitation to a pod started from a suggestion (issue 34.3): the starter's neighbours who share the
   * pod's interest. Nobody is added without saying yes: the member joins (while there is room, whatever the
   * pod's join rule) or declines, and either deletes the invitation. Nobody sees who was invited or declined.
   */
  const podInvitations = table(
    'pod_invitations',
    {
      podId: id('pod_id')
        .notNull()
        .references(() => pods.id, { onDelete: 'cascade' }),
      memberId: id('member_id')
        .notNull()
        .references(() => members.id, { onDelete: 'cascade' }),
      createdAt: timestamp('created_at').notNull().$defaultFn(now),
    },
    (t) => [
      primaryKey({ columns: [t.podId, t.memberId] }),
      index('pod_invitations_member_idx').on(t.memberId),
    ],
  );

  /**
   * The suggestions "N people near you love X — start a pod?" a member has answered, by starting the pod or
   * not: each interest's is shown once (issue 34.3).
   */
  const podSuggestionAnswers = table(
    'pod_suggestion_answers',
    {
      memberId: id('member_id')
        .notNull()
        .references(() => members.id, { onDelete: 'cascade' }),
      interest: str('interest').$type<CatalogId<'interests'>>().notNull(),
      answeredAt: timestamp('answered_at').notNull().$defaultFn(now),
    },
    (t) => [primaryKey({ columns: [t.memberId, t.interest] })],
  );

  /**
   * A meetup of a pod (issue 35): when (an instant, with the IANA time zone it was proposed in: the pod's
   * place's, or the proposer's choice online), where (a public venue of a listed kind with its name and
   * address, or 'online' with a link; both shown only to members who are going), its language and how many
   * can come (the pod's size, or more for an open meetup, 12 at most). cancelled_at set: it will not happen.
   */
  const meetups = table(
    'meetups',
    {
      id: id('id').primaryKey(),
      podId: id('pod_id')
        .notNull()
        .references(() => pods.id, { onDelete: 'cascade' }),
      proposedBy: id('proposed_by').references(() => members.id, { onDelete: 'set null' }),
      startsAt: timestamp('starts_at').notNull(),
      timeZone: str('time_zone').notNull(),
      venueKind: str('venue_kind').notNull(),
      venueName: str('venue_name'),
      venueAddress: str('venue_address'),
      onlineLink: str('online_link'),
      language: str('language').$type<CatalogId<'languages'>>().notNull(),
      capacity: int('capacity').notNull(),
      createdAt: timestamp('created_at').notNull().$defaultFn(now),
      cancelledAt: timestamp('cancelled_at'),
    },
    (t) => [index('meetups_pod_starts_idx').on(t.podId, t.startsAt)],
  );

  /**
   * A member's answer to a meetup: going, on the waitlist (it was full), or can't go. asked_at is when they
   * asked to come, strictly increasing within a meetup: the waitlist's order after newcomers and first-timers.
   */
  const meetupRsvps = table(
    'meetup_rsvps',
    {
      meetupId: id('meetup_id')
        .notNull()
        .references(() => meetups.id, { onDelete: 'cascade' }),
      memberId: id('member_id')
        .notNull()
        .references(() => members.id, { onDelete: 'cascade' }),
      status: str('status').$type<'going' | 'waitlist' | 'cantGo'>().notNull(),
      askedAt: timestamp('asked_at').notNull().$defaultFn(now),
      /**
       * When a member who was going said they can't go (null: never, or not since they were going): less than
       * 3 hours before the start it counts half a no-show (issue 35.6).
       */
      gaveUpAt: timestamp('gave_up_at'),
    },
    (t) => [
      primaryKey({ columns: [t.meetupId, t.memberId] }),
      index('meetup_rsvps_member_idx').on(t.memberId),
    ],
  );

  /**
   * "Who came?" after a meetup (issue 35.5-6): each member who was going and answers marks every other member
   * who was going, came or not, and themselves as having come (their row with member_id = marker_id: the
   * answer exists). A member marked absent by at least two who came has a no-show; nobody else reads a mark.
   */
  const meetupAttendance = table(
    'meetup_attendance',
    {
      meetupId: id('meetup_id')
        .notNull()
        .references(() => meetups.id, { onDelete: 'cascade' }),
      markerId: id('marker_id')
        .notNull()
        .references(() => members.id, { onDelete: 'cascade' }),
      memberId: id('member_id')
        .notNull()
        .references(() => members.id, { onDelete: 'cascade' }),
      came: bool('came').notNull(),
      markedAt: timestamp('marked_at').notNull().$defaultFn(now),
    },
    (t) => [
      primaryKey({ columns: [t.meetupId, t.markerId, t.memberId] }),
      index('meetup_attendance_member_idx').on(t.memberId),
    ],
  );

  /**
   * "Would you like to meet … again?", asked privately after a meetup for each other member who was going. A
   * yes is shown to nobody unless the other said yes too (then to both); a no is never shown to anyone.
   */
  const meetupAgain = table(
    'meetup_again',
    {
      meetupId: id('meetup_id')
        .notNull()
        .references(() => meetups.id, { onDelete: 'cascade' }),
      chooserId: id('chooser_id')
        .notNull()
        .references(() => members.id, { onDelete: 'cascade' }),
      chosenId: id('chosen_id')
        .notNull()
        .references(() => members.id, { onDelete: 'cascade' }),
      again: bool('again').notNull(),
      answeredAt: timestamp('answered_at').notNull().$defaultFn(now),
    },
    (t) => [
      primaryKey({ columns: [t.meetupId, t.chooserId, t.chosenId] }),
      index('meetup_again_chosen_idx').on(t.chosenId),
    ],
  );

  return {
    pods,
    podMembers,
    podRequests,
    podMessages,
    podRemovals,
    podInvitations,
    podSuggestionAnswers,
    meetups,
    meetupRsvps,
    meetupAttendance,
    meetupAgain,
  };
}
