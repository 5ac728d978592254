// The data model (tables.ts) with PostgreSQL's column types. drizzle-kit reads the tables from this module's
// exports (pnpm db:generate), so each table is exported by name.
import { pgKit } from './kit.ts';
import { defineTables } from './tables.ts';

export const {
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
  appCounters,
} = defineTables(pgKit);
