// The data model (SPEC §3), written once for both dialects: sqlite.ts and pg.ts call defineTables with
// their dialect's kit (drizzle's column helpers, columns.*.ts, and table functions). The chain reads as
// drizzle's own; kit.ts types it so each dialect gets the exact table types (schema-types.ts checks them).
import { sql } from 'drizzle-orm';
import { jsonColumns, now } from './columns-shared.ts';
import type { Dialect, Kit } from './kit.ts';
import { defineGroupTables } from './tables-groups.ts';
import { defineModerationTables } from './tables-moderation.ts';
import type { CatalogId, MessageMailFrequency, PaymentStatus, TokenPurpose } from './types.ts';

let lastStamp = 0;
/**
 * The time of a write, for updated_at: strictly increasing within a process, so two writes of one row in
 * the same millisecond still differ (the directory index takes the same updated_at for the same version).
 */
function stamp(): Date {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp);
}

/**
 * The tables of one dialect; those of pods and meetups come from tables-groups.ts, of moderation from
 * tables-moderation.ts. Add a table here (or there) and to the exports of sqlite.ts and pg.ts.
 */
export function defineTables<D extends Dialect>(kit: Kit<D>) {
  const { table, index, uniqueIndex, primaryKey, id, str, int, bigInt, bool, timestamp, serial } = kit;
  const { list, levels, object } = jsonColumns(kit);

  /**
   * A member: account, access flags and every profile field. Deleting an account blanks the row (a
   * tombstone keeps conversations of others intact) and sets deleted_at.
   */
  const members = table(
    'members',
    {
      id: id('id').primaryKey(),
      email: str('email'),
      emailVerified: bool('email_verified').notNull().default(false),
      passwordHash: str('password_hash'),
      language: str('language').$type<'en' | 'de'>().notNull().default('en'),
      hasPaid: bool('has_paid').notNull().default(false),
      hasFreeAccess: bool('has_free_access').notNull().default(false),
      /** The newest message id whose unread dot the member has cleared (SPEC §4 unread flag). */
      unreadClearedThrough: bigInt('unread_cleared_through').notNull().default(0),
      /** Notifications about new messages may show the text (Settings → Notifications); off: only who wrote. */
      notifyMessageText: bool('notify_message_text').notNull().default(false),
      /** Settings → Notifications, "Email me about new messages": right away, a daily summary or never. */
      emailAboutMessages: str('email_about_messages')
        .$type<MessageMailFrequency>()
        .notNull()
        .default('instant'),
      /**
       * When the member was last active, coarsely: written at most every few minutes (services/activity.ts),
       * shown to others only as a bucket ("Active today"), never as a time.
       */
      lastActiveAt: timestamp('last_active_at'),
      /** Settings → Privacy, "Show when I'm active": off hides the member's activity and everyone else's from them. */
      showActivity: bool('show_activity').notNull().default(true),
      /** The secret of the member's unsubscribe links (made with the first such mail); a new one revokes them. */
      unsubscribeKey: str('unsubscribe_key'),
      // Basic info
      name: str('name').notNull().default(''),
      phone: str('phone'),
      birthday: str('birthday'),
      gender: str('gender').$type<CatalogId<'genders'>>(),
      nativeLanguage: str('native_language').$type<CatalogId<'languages'>>(),
      otherLanguages: list<CatalogId<'languages'>>('other_languages'),
      country: str('country').$type<CatalogId<'countries'>>(),
      /**
       * The member's place: a GeoNames id (@amiko/places), a city or town, never anything more precise.
       * Shown to each reader in their language; distances are computed from it and never shown (issue 33).
       */
      placeId: int('place_id'),
      /**
       * The city as typed before Amiko knew places: kept for a member whose text matched no place (shown
       * until they pick one); null for every member who has picked a place since.
       */
      city: str('city'),
      /** When a member whose typed city matched no place was asked to pick one (they are asked once). */
      placeAskedAt: timestamp('place_asked_at'),
      timezone: str('timezone'),
      photoKey: str('photo_key'),
      croppedPhotoKey: str('cropped_photo_key'),
      interests: list<CatalogId<'interests'>>('interests'),
      story: str('story').notNull().default(''),
      // Personality
      mbtiType: str('mbti_type').$type<CatalogId<'mbtiTypes'>>(),
      bigFiveTraits: levels<CatalogId<'bigFiveTraits'>, CatalogId<'bigFiveLevels'>>('big_five_traits'),
      personalityDescriptors: list<CatalogId<'personalityDescriptors'>>('personality_descriptors'),
      // Skills and talents
      currentJobTitle: str('current_job_title'),
      jobField: str('job_field').$type<CatalogId<'jobFields'>>(),
      educationLevel: str('education_level').$type<CatalogId<'educationLevels'>>(),
      professionalSkills: list<CatalogId<'professionalSkills'>>('professional_skills'),
      futureGoals: list<CatalogId<'futureGoals'>>('future_goals'),
      // Personal preferences
      favoriteBooks: list<CatalogId<'bookGenres'>>('favorite_books'),
      moviesAndShows: list<CatalogId<'movieGenres'>>('movies_and_shows'),
      favoriteMusic: list<CatalogId<'musicGenres'>>('favorite_music'),
      podcastsAndBlogs: list<CatalogId<'podcastCategories'>>('podcasts_and_blogs'),
      favoriteCuisine: list<CatalogId<'cuisines'>>('favorite_cuisine'),
      danceStyles: list<CatalogId<'danceStyles'>>('dance_styles'),
      eventPreferences: list<CatalogId<'eventTypes'>>('event_preferences'),
      festivals: list<CatalogId<'festivals'>>('festivals'),
      // Personal values
      religion: str('religion').$type<CatalogId<'religions'>>(),
      coreValues: list<CatalogId<'coreValues'>>('core_values'),
      philosophies: str('philosophies'),
      // Unique identifiers
      signatureQuotes: str('signature_quotes'),
      lifeMantra: str('life_mantra'),
      favoriteQuotes: str('favorite_quotes'),
      // Relationship preferences
      relationshipStatus: str('relationship_status').$type<CatalogId<'relationshipStatuses'>>(),
      havingKids: str('having_kids').$type<CatalogId<'havingKids'>>(),
      lookingFor: list<CatalogId<'lookingFor'>>('looking_for'),
      importantQualities: list<CatalogId<'importantQualities'>>('important_qualities'),
      dealBreakers: list<CatalogId<'dealBreakers'>>('deal_breakers'),
      communicationStyle: str('communication_style').$type<CatalogId<'communicationStyles'>>(),
      relationshipGoals: list<CatalogId<'relationshipGoals'>>('relationship_goals'),
      familyPlanning: str('family_planning').$type<CatalogId<'familyPlanning'>>(),
      lifestyleCompatibility: list<CatalogId<'lifestyleCompatibility'>>('lifestyle_compatibility'),
      // Fitness and wellness
      fitnessPreferences: list<CatalogId<'fitnessActivities'>>('fitness_preferences'),
      favoriteSports: list<CatalogId<'sports'>>('favorite_sports'),
      wellnessPractices: list<CatalogId<'wellnessPractices'>>('wellness_practices'),
      dietPreferences: list<CatalogId<'dietPreferences'>>('diet_preferences'),
      mentalWellnessActivities: list<CatalogId<'mentalWellnessActivities'>>('mental_wellness_activities'),
      // New in town (issue 19.4): new here since a month ('YYYY-MM'), or moving here in one; or a local
      // happy to show newcomers around. The city is the profile's city.
      newInTown: str('new_in_town').$type<CatalogId<'newInTownStatuses'>>(),
      newInTownMonth: str('new_in_town_month'),
      welcomesNewcomers: bool('welcomes_newcomers').notNull().default(false),
      // Bookkeeping
      createdAt: timestamp('created_at').notNull().$defaultFn(now),
      /**
       * Set by drizzle on every insert and update of the row (never by hand): the directory index catches
       * up from it (docs/decisions.md, "The directory index").
       */
      updatedAt: timestamp('updated_at').notNull().$defaultFn(stamp).$onUpdate(stamp),
      deletedAt: timestamp('deleted_at'),
      /**
       * Set by an operator (`pnpm admin suspend`): the member cannot sign in, is hidden like a deleted
       * account and receives no messages until `pnpm admin unsuspend` clears it. Why: moderation_actions.
       */
      suspendedAt: timestamp('suspended_at'),
    },
    (t) => [
      uniqueIndex('members_email_unique').on(t.email),
      index('members_created_at_idx').on(t.createdAt),
      index('members_updated_at_idx').on(t.updatedAt),
    ],
  );

  /** Lucia-style sessions: the token is "<id>.<secret>"; only a SHA-256 hash of the secret is stored. */
  const sessions = table(
    'sessions',
    {
      id: id('id').primaryKey(),
      memberId: id('member_id')
        .notNull()
        .references(() => members.id, { onDelete: 'cascade' }),
      secretHash: str('secret_hash').notNull(),
      createdAt: timestamp('created_at').notNull().$defaultFn(now),
      expiresAt: timestamp('expires_at').notNull(),
      /** When the session was last used, to the hour (the idle timeout counts from it). */
      lastUsedAt: timestamp('last_used_at').notNull().$defaultFn(now),
    },
    (t) => [index('sessions_member_idx').on(t.memberId)],
  );

  /** One-time tokens sent by mail (verify email, reset password, change email): hashed, single-use, expiring. */
  const authTokens = table(
    'auth_tokens',
    {
      id: id('id').primaryKey(),
      memberId: id('member_id')
        .notNull()
        .references(() => members.id, { onDelete: 'cascade' }),
      purpose: str('purpose').$type<TokenPurpose>().notNull(),
      secretHash: str('secret_hash').notNull(),
      /** The address the token was mailed to (the new address for an email change). */
      email: str('email').notNull(),
      createdAt: timestamp('created_at').notNull().$defaultFn(now),
      expiresAt: timestamp('expires_at').notNull(),
      usedAt: timestamp('used_at'),
    },
    (t) => [index('auth_tokens_member_purpose_idx').on(t.memberId, t.purpose)],
  );

  const favorites = table(
    'favorites',
    {
      memberId: id('member_id')
        .notNull()
        .references(() => members.id, { onDelete: 'cascade' }),
      favoriteId: id('favorite_id')
        .notNull()
        .references(() => members.id, { onDelete: 'cascade' }),
      createdAt: timestamp('created_at').notNull().$defaultFn(now),
    },
    (t) => [
      primaryKey({ columns: [t.memberId, t.favoriteId] }),
      index('favorites_favorite_idx').on(t.favoriteId),
    ],
  );

  const blocks = table(
    'blocks',
    {
      blockerId: id('blocker_id')
        .notNull()
        .references(() => members.id, { onDelete: 'cascade' }),
      blockedId: id('blocked_id')
        .notNull()
        .references(() => members.id, { onDelete: 'cascade' }),
      createdAt: timestamp('created_at').notNull().$defaultFn(now),
    },
    (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
  );

  /** A one-to-one conversation; pair_key ("<smaller id>:<larger id>") makes it unique per pair. */
  const conversations = table(
    'conversations',
    {
      id: id('id').primaryKey(),
      pairKey: str('pair_key').notNull(),
      createdAt: timestamp('created_at').notNull().$defaultFn(now),
      lastMessageId: bigInt('last_message_id'),
      lastMessageAt: timestamp('last_message_at'),
    },
    // No index on last_message_at: the conversation list sorts a member's own few conversations (found through
    // participants_member_idx), and an index here would be one more page written by every send.
    (t) => [uniqueIndex('conversations_pair_unique').on(t.pairKey)],
  );

  const conversationParticipants = table(
    'conversation_participants',
    {
      conversationId: id('conversation_id')
        .notNull()
        .references(() => conversations.id, { onDelete: 'cascade' }),
      memberId: id('member_id')
        .notNull()
        .references(() => members.id, { onDelete: 'cascade' }),
      unreadCount: int('unread_count').notNull().default(0),
    },
    (t) => [
      primaryKey({ columns: [t.conversationId, t.memberId] }),
      // A member's conversations. Not by unread count too: each message changes its recipient's count, so an
      // index on it is rewritten by every send (and on PostgreSQL the row's update can then not be heap-only).
      index('participants_member_idx').on(t.memberId),
    ],
  );

  /**
   * How many conversations a member has something unread in (SPEC §4's unread flag comes with it; the
   * desktop badge shows it). Kept by triggers on conversation_participants, written by hand in the
   * migrations (sqlite/0025, pg/0032): a row's unread count going from nothing to something adds one, back
   * to nothing or the row deleted (a conversation deleted, a cascade) takes one away. The send reads it in
   * one row where it counted the recipient's participant rows, which grew with every conversation they had
   * (issue 32). No row: nothing unread.
   */
  const memberUnread = table('member_unread', {
    memberId: id('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    conversations: int('conversations').notNull().default(0),
  });

  /**
   * A message. The id grows with every insert, so "everything after the last id I saw" is a range read.
   * (client_id, sender_id) is unique: a client retrying a send with the same client id never duplicates it.
   * read_at set means the recipient read it (readBy = [recipient]).
   */
  const messages = table(
    'messages',
    {
      id: serial('id'),
      conversationId: id('conversation_id')
        .notNull()
        .references(() => conversations.id, { onDelete: 'cascade' }),
      senderId: id('sender_id')
        .notNull()
        .references(() => members.id),
      recipientId: id('recipient_id')
        .notNull()
        .references(() => members.id),
      clientId: str('client_id').notNull(),
      body: str('body').notNull(),
      createdAt: timestamp('created_at').notNull().$defaultFn(now),
      readAt: timestamp('read_at'),
    },
    (t) => [
      // Client id first: the app's clients make them in time order (newClientId), so a new message's entry
      // lands beside the newest ones, on a page its batch writes anyway; by sender first it went to a page of
      // its own anywhere in the index (issue 32). Ids of other clients, at random, are as unique either way.
      uniqueIndex('messages_client_sender_unique').on(t.clientId, t.senderId),
      index('messages_conversation_idx').on(t.conversationId, t.id),
      index('messages_unread_idx')
        .on(t.recipientId, t.id)
        .where(sql`${t.readAt} is null`),
    ],
  );

  /** Card payments through Stripe; access is granted only by the signed webhook. */
  const payments = table(
    'payments',
    {
      id: id('id').primaryKey(),
      memberId: id('member_id')
        .notNull()
        .references(() => members.id),
      stripePaymentIntentId: str('stripe_payment_intent_id').notNull(),
      amount: int('amount').notNull(),
      currency: str('currency').notNull(),
      status: str('status').$type<PaymentStatus>().notNull(),
      createdAt: timestamp('created_at').notNull().$defaultFn(now),
      updatedAt: timestamp('updated_at').notNull().$defaultFn(now).$onUpdate(now),
    },
    (t) => [
      uniqueIndex('payments_intent_unique').on(t.stripePaymentIntentId),
      index('payments_member_idx').on(t.memberId),
    ],
  );

  /** Stripe event ids already processed: the primary key makes each event count once. */
  const webhookEvents = table('webhook_events', {
    id: id('id').primaryKey(),
    type: str('type').notNull(),
    processedAt: timestamp('processed_at').notNull().$defaultFn(now),
  });

  const feedback = table('feedback', {
    id: id('id').primaryKey(),
    memberId: id('member_id').references(() => members.id, { onDelete: 'set null' }),
    rating: int('rating').notNull(),
    type: str('type').$type<CatalogId<'feedbackTypes'>>().notNull(),
    suggestions: str('suggestions').notNull(),
    liked: str('liked').notNull(),
    easeOfConnection: str('ease_of_connection').$type<CatalogId<'easeOfConnection'>>().notNull(),
    comments: str('comments'),
    language: str('language').notNull(),
    createdAt: timestamp('created_at').notNull().$defaultFn(now),
  });

  const contactMessages = table('contact_messages', {
    id: id('id').primaryKey(),
    memberId: id('member_id').references(() => members.id, { onDelete: 'set null' }),
    name: str('name').notNull(),
    email: str('email').notNull(),
    subject: str('subject').notNull(),
    message: str('message').notNull(),
    language: str('language').notNull(),
    createdAt: timestamp('created_at').notNull().$defaultFn(now),
  });

  /** First-party page views: path, time and an anonymous visitor id; nothing that names a person. */
  const pageViews = table(
    'page_views',
    {
      id: serial('id'),
      path: str('path').notNull(),
      visitorId: str('visitor_id').notNull(),
      language: str('language'),
      createdAt: timestamp('created_at').notNull().$defaultFn(now),
    },
    (t) => [index('page_views_created_idx').on(t.createdAt)],
  );

  /** Every mail the product sends; without SMTP it is only kept here and shown at /dev/mail. */
  const outgoingMail = table(
    'outgoing_mail',
    {
      id: serial('id'),
      kind: str('kind').notNull(),
      to: str('to').notNull(),
      subject: str('subject').notNull(),
      text: str('text').notNull(),
      html: str('html').notNull(),
      language: str('language').notNull(),
      createdAt: timestamp('created_at').notNull().$defaultFn(now),
      sentAt: timestamp('sent_at'),
      error: str('error'),
    },
    (t) => [index('outgoing_mail_to_idx').on(t.to)],
  );

  const { reports, moderationActions } = defineModerationTables(kit, members);

  /**
   * Background work, run by whichever server process claims it first (docs/decisions.md, "Background
   * jobs"). `key` is unique: scheduling the same work twice is a no-op. A job is claimed by setting
   * locked_until (a lease); a process that dies leaves it to be claimed again once the lease runs out.
   */
  const jobs = table(
    'jobs',
    {
      id: serial('id'),
      kind: str('kind').notNull(),
      key: str('key').notNull(),
      /** The member the job is about, so their jobs can be found (cancelled when they come back). */
      memberId: id('member_id').references(() => members.id, { onDelete: 'cascade' }),
      payload: object('payload'),
      runAt: timestamp('run_at').notNull(),
      lockedUntil: timestamp('locked_until'),
      attempts: int('attempts').notNull().default(0),
      doneAt: timestamp('done_at'),
      createdAt: timestamp('created_at').notNull().$defaultFn(now),
    },
    (t) => [
      uniqueIndex('jobs_key_unique').on(t.key),
      index('jobs_due_idx')
        .on(t.runAt)
        .where(sql`${t.doneAt} is null`),
      index('jobs_member_idx').on(t.memberId),
    ],
  );

  /**
   * A device that gets Web Push (Settings → Notifications, "Notify me on this device"; issue 31): the push
   * service's endpoint for one browser and that browser's keys (RFC 8291). It belongs to the session that
   * turned it on, so signing out there, or a password change that ends the member's other sessions, stops
   * it; the endpoint is unique, so a browser another member signs in on and turns on moves to them.
   */
  const pushSubscriptions = table(
    'push_subscriptions',
    {
      id: id('id').primaryKey(),
      memberId: id('member_id')
        .notNull()
        .references(() => members.id, { onDelete: 'cascade' }),
      sessionId: id('session_id')
        .notNull()
        .references(() => sessions.id, { onDelete: 'cascade' }),
      endpoint: str('endpoint').notNull(),
      p256dh: str('p256dh').notNull(),
      auth: str('auth').notNull(),
      /** What the member's list of devices calls it ("Chrome on Android"). */
      device: str('device').notNull(),
      createdAt: timestamp('created_at').notNull().$defaultFn(now),
    },
    (t) => [
      uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
      index('push_subscriptions_member_idx').on(t.memberId),
      index('push_subscriptions_session_idx').on(t.sessionId),
    ],
  );

  const groups = defineGroupTables(kit, members);

  /** Named counters changed with a single conditional UPDATE (the early-access slots). */
  const appCounters = table('app_counters', {
    name: str('name').primaryKey(),
    value: int('value').notNull().default(0),
  });

  return {
    members,
    sessions,
    authTokens,
    favorites,
    blocks,
    conversations,
    conversationParticipants,
    memberUnread,
    messages,
    payments,
    webhookEvents,
    feedback,
    contactMessages,
    pageViews,
    outgoingMail,
    reports,
    moderationActions,
    jobs,
    pushSubscriptions,
    ...groups,
    appCounters,
  };
}
