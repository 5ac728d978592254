import { placeById } from '@amiko/places';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Deps } from '../context.ts';
import { otherOf } from './messaging/store.ts';
import { seenBy } from './views.ts';

// "My data" (issue 19.6): everything stored about a member, as one JSON document. Secrets are left out
// (password hash, session secrets, the unsubscribe key): they are not the member's data but keys to it.
// Who each conversation is with is named as the member's conversation list names them (visibilityOf).
// Pods (issue 34): the member's memberships, requests, invitations and answered suggestions, and what they
// wrote in pods; what others wrote there is theirs, and so is why a host took the member out of a pod.
// Meetups (issue 35): those they proposed, their answers, and their own "Who came?" and "Meet again?"
// answers; never what others answered about them, which would tell them who did not choose them.

/** Everything stored about one member; null when there is no such member. */
export async function exportMemberData(deps: Pick<Deps, 'database'>, memberId: string) {
  const { db, t } = deps.database;
  const [member] = await db.select().from(t.members).where(eq(t.members.id, memberId));
  if (!member) return null;
  const { passwordHash: _passwordHash, unsubscribeKey: _unsubscribeKey, ...profile } = member;

  const taken = await db
    .select({ id: t.conversationParticipants.conversationId, pairKey: t.conversations.pairKey })
    .from(t.conversationParticipants)
    .innerJoin(t.conversations, eq(t.conversations.id, t.conversationParticipants.conversationId))
    .where(eq(t.conversationParticipants.memberId, memberId));
  const conversationIds = taken.map((r) => r.id);
  const peers = await seenBy(
    deps.database,
    memberId,
    taken.map((r) => otherOf(r.pairKey, memberId)),
  );
  const [favorites, blocks, messages, reports, payments, sessions, feedback, contactMessages, moderation] =
    await Promise.all([
      db
        .select({ memberId: t.favorites.favoriteId, since: t.favorites.createdAt })
        .from(t.favorites)
        .where(eq(t.favorites.memberId, memberId)),
      db
        .select({ memberId: t.blocks.blockedId, since: t.blocks.createdAt })
        .from(t.blocks)
        .where(eq(t.blocks.blockerId, memberId)),
      conversationIds.length === 0
        ? []
        : db
            .select({
              id: t.messages.id,
              conversationId: t.messages.conversationId,
              senderId: t.messages.senderId,
              recipientId: t.messages.recipientId,
              body: t.messages.body,
              createdAt: t.messages.createdAt,
              readAt: t.messages.readAt,
            })
            .from(t.messages)
            .where(
              and(
                inArray(t.messages.conversationId, conversationIds),
                or(eq(t.messages.senderId, memberId), eq(t.messages.recipientId, memberId)),
              ),
            )
            .orderBy(asc(t.messages.id)),
      db
        .select({
          reportedId: t.reports.reportedId,
          meetupId: t.reports.meetupId,
          reason: t.reports.reason,
          note: t.reports.note,
          createdAt: t.reports.createdAt,
        })
        .from(t.reports)
        .where(eq(t.reports.reporterId, memberId)),
      db
        .select({
          amount: t.payments.amount,
          currency: t.payments.currency,
          status: t.payments.status,
          createdAt: t.payments.createdAt,
        })
        .from(t.payments)
        .where(eq(t.payments.memberId, memberId)),
      db
        .select({
          createdAt: t.sessions.createdAt,
          lastUsedAt: t.sessions.lastUsedAt,
          expiresAt: t.sessions.expiresAt,
        })
        .from(t.sessions)
        .where(eq(t.sessions.memberId, memberId)),
      db
        .select({
          rating: t.feedback.rating,
          type: t.feedback.type,
          suggestions: t.feedback.suggestions,
          liked: t.feedback.liked,
          easeOfConnection: t.feedback.easeOfConnection,
          comments: t.feedback.comments,
          createdAt: t.feedback.createdAt,
        })
        .from(t.feedback)
        .where(eq(t.feedback.memberId, memberId)),
      db
        .select({
          name: t.contactMessages.name,
          email: t.contactMessages.email,
          subject: t.contactMessages.subject,
          message: t.contactMessages.message,
          createdAt: t.contactMessages.createdAt,
        })
        .from(t.contactMessages)
        .where(eq(t.contactMessages.memberId, memberId)),
      // What the team did about the account (a suspension, its reason); who of the team did it is theirs.
      db
        .select({
          action: t.moderationActions.action,
          reason: t.moderationActions.reason,
          createdAt: t.moderationActions.createdAt,
        })
        .from(t.moderationActions)
        .where(eq(t.moderationActions.memberId, memberId))
        .orderBy(asc(t.moderationActions.id)),
    ]);
  const conversations = taken.map(({ id, pairKey }) => {
    const other = peers.get(otherOf(pairKey, memberId))!;
    return {
      id,
      with: { id: other.id, name: other.name, deleted: other.deleted },
      messages: messages.filter((m) => m.conversationId === id),
    };
  });
  return {
    exportedAt: new Date(),
    pods: await podsOf(deps, memberId),
    meetups: await meetupsOf(deps, memberId),
    profile,
    // Where the member lives, by name as well as by id, in their language.
    place: member.placeId === null ? null : placeById(member.placeId, member.language),
    photos: [member.photoKey, member.croppedPhotoKey].filter((k): k is string => Boolean(k)),
    favorites,
    blocks,
    conversations,
    reports,
    payments,
    sessions,
    feedback,
    contactMessages,
    moderation,
  };
}
/** The member's part in pods: where they are or were, and what they wrote. */
async function podsOf(deps: Pick<Deps, 'database'>, memberId: string) {
  const { db, t } = deps.database;
  const [memberships, requests, invitations, suggestionsAnswered, removals, messages] = await Promise.all([
    db
      .select({
        podId: t.podMembers.podId,
        name: t.pods.name,
        role: t.podMembers.role,
        joinedAt: t.podMembers.joinedAt,
        closedAt: t.pods.closedAt,
      })
      .from(t.podMembers)
      .innerJoin(t.pods, eq(t.pods.id, t.podMembers.podId))
      .where(eq(t.podMembers.memberId, memberId)),
    db
      .select({ podId: t.podRequests.podId, name: t.pods.name, askedAt: t.podRequests.createdAt })
      .from(t.podRequests)
      .innerJoin(t.pods, eq(t.pods.id, t.podRequests.podId))
      .where(eq(t.podRequests.memberId, memberId)),
    db
      .select({ podId: t.podInvitations.podId, name: t.pods.name, invitedAt: t.podInvitations.createdAt })
      .from(t.podInvitations)
      .innerJoin(t.pods, eq(t.pods.id, t.podInvitations.podId))
      .where(eq(t.podInvitations.memberId, memberId)),
    db
      .select({ interest: t.podSuggestionAnswers.interest, answeredAt: t.podSuggestionAnswers.answeredAt })
      .from(t.podSuggestionAnswers)
      .where(eq(t.podSuggestionAnswers.memberId, memberId)),
    db
      .select({ podId: t.podRemovals.podId, name: t.pods.name, removedAt: t.podRemovals.createdAt })
      .from(t.podRemovals)
      .innerJoin(t.pods, eq(t.pods.id, t.podRemovals.podId))
      .where(eq(t.podRemovals.memberId, memberId)),
    db
      .select({ podId: t.podMessages.podId, body: t.podMessages.body, createdAt: t.podMessages.createdAt })
      .from(t.podMessages)
      .where(eq(t.podMessages.senderId, memberId))
      .orderBy(asc(t.podMessages.id)),
  ]);
  return { memberships, requests, invitations, suggestionsAnswered, removals, messages };
}

/** The member's part in meetups: what they proposed, answered, and said afterwards (only their own side). */
async function meetupsOf(deps: Pick<Deps, 'database'>, memberId: string) {
  const { db, t } = deps.database;
  const [proposed, answers, whoCame, meetAgain] = await Promise.all([
    db
      .select({
        meetupId: t.meetups.id,
        podId: t.meetups.podId,
        podName: t.pods.name,
        startsAt: t.meetups.startsAt,
        timeZone: t.meetups.timeZone,
        venueKind: t.meetups.venueKind,
        venueName: t.meetups.venueName,
        venueAddress: t.meetups.venueAddress,
        onlineLink: t.meetups.onlineLink,
        language: t.meetups.language,
        capacity: t.meetups.capacity,
        createdAt: t.meetups.createdAt,
        cancelledAt: t.meetups.cancelledAt,
      })
      .from(t.meetups)
      .innerJoin(t.pods, eq(t.pods.id, t.meetups.podId))
      .where(eq(t.meetups.proposedBy, memberId))
      .orderBy(asc(t.meetups.startsAt)),
    db
      .select({
        meetupId: t.meetupRsvps.meetupId,
        podName: t.pods.name,
        startsAt: t.meetups.startsAt,
        status: t.meetupRsvps.status,
        askedAt: t.meetupRsvps.askedAt,
        gaveUpAt: t.meetupRsvps.gaveUpAt,
      })
      .from(t.meetupRsvps)
      .innerJoin(t.meetups, eq(t.meetups.id, t.meetupRsvps.meetupId))
      .innerJoin(t.pods, eq(t.pods.id, t.meetups.podId))
      .where(eq(t.meetupRsvps.memberId, memberId))
      .orderBy(asc(t.meetups.startsAt)),
    db
      .select({
        meetupId: t.meetupAttendance.meetupId,
        memberId: t.meetupAttendance.memberId,
        came: t.meetupAttendance.came,
        markedAt: t.meetupAttendance.markedAt,
      })
      .from(t.meetupAttendance)
      .where(eq(t.meetupAttendance.markerId, memberId)),
    db
      .select({
        meetupId: t.meetupAgain.meetupId,
        memberId: t.meetupAgain.chosenId,
        again: t.meetupAgain.again,
        answeredAt: t.meetupAgain.answeredAt,
      })
      .from(t.meetupAgain)
      .where(eq(t.meetupAgain.chooserId, memberId)),
  ]);
  return { proposed, answers, whoCame, meetAgain };
}

export type MemberDataExport = NonNullable<Awaited<ReturnType<typeof exportMemberData>>>;
