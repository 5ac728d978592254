import { z } from 'zod';
import { CAFE_LEVELS, INTERESTS, LANGUAGES } from '../catalogs.ts';
import { NEAR_ME_DISTANCES, REPORT_NOTE_MAX_LENGTH, REPORT_REASONS } from './community.ts';
import { idSchema, optionalText, plainText, requiredText } from './common.ts';
import { messageBodySchema, messageIdSchema } from './messages.ts';
import { placeIdSchema } from './places.ts';

// Pods (issue 34): small circles of members who share an interest, or a language café, near each other or
// online, who talk and meet again. See docs/decisions.md ("Pods").

/** A pod takes 3 to 8 members (Dunbar: conversation splits at about four), six unless its starter says. */
export const POD_SIZE_MIN = 3;
export const POD_SIZE_MAX = 8;
export const POD_SIZE_DEFAULT = 6;
/** How many pods a member may be in at once unless the operator sets PODS_PER_MEMBER: pods stay real. */
export const PODS_PER_MEMBER_DEFAULT = 5;
export const POD_NAME_MAX = 60;
export const POD_DESCRIPTION_MAX = 300;
/** Unread messages are counted per pod up to this many: the app shows "100+ new" beyond. */
export const POD_UNREAD_COUNTED = 100;
/**
 * A pod with no message for this many days (and started longer ago) has gone quiet: it is offered to nobody
 * new, and its members are asked once whether to keep it or let it close. A month lets a pod that meets
 * monthly stay quiet between meetups, and spares a newcomer a group that has stopped talking, the common
 * complaint about Meetup's groups (issue 34.2; docs/decisions.md, "Pods").
 */
export const POD_QUIET_DAYS = 30;
/**
 * The days a quiet pod's members have to answer: a pod quiet for POD_QUIET_DAYS + this many, which none of
 * its members chose to keep, closes. Two weeks: time for a member who looks in now and then to see the question.
 */
export const POD_QUIET_GRACE_DAYS = 14;
/** How far back a pod's card counts its messages ("12 messages this week"). */
export const POD_ACTIVITY_DAYS = 7;

/** What a pod is about: one or two interests, or a language café (two languages and the level welcome). */
export const POD_KINDS = ['interests', 'languageCafe'] as const;
export type PodKind = (typeof POD_KINDS)[number];

/** Open: anyone may join while there is room. Ask: a member of the pod approves each request. */
export const POD_JOIN_RULES = ['open', 'ask'] as const;
export type PodJoinRule = (typeof POD_JOIN_RULES)[number];

/** A member's place in a pod: the starter, a member the starter named to approve and remove, or a member. */
export const POD_ROLES = ['starter', 'host', 'member'] as const;
export type PodRole = (typeof POD_ROLES)[number];

/** Whether a role may approve requests to join and remove members (the starter and the hosts they name). */
export function mayHostPod(role: PodRole): boolean {
  return role === 'starter' || role === 'host';
}

const uniqueList = <T extends z.ZodType>(item: T, max: number) =>
  z
    .array(item)
    .max(max)
    .refine((items) => new Set(items).size === items.length, 'common:errors.invalidInput');

/**
 * What a pod of its kind still lacks, by field: an interest pod names one or two interests and its languages,
 * a language café its two languages and the level it welcomes. A form asks it with the other fields' rules
 * (the schema below asks it only once every field has a valid value).
 */
export function podKindProblems(pod: {
  kind: PodKind;
  interests: readonly string[];
  languages: readonly string[];
  level: string | null;
}): [field: 'interests' | 'languages' | 'level', message: string][] {
  const problems: [field: 'interests' | 'languages' | 'level', message: string][] = [];
  if (pod.kind === 'interests') {
    if (pod.interests.length === 0) problems.push(['interests', 'pods:errors.interestsRequired']);
    if (pod.languages.length === 0) problems.push(['languages', 'pods:errors.languagesRequired']);
  } else {
    if (pod.languages.length !== 2) problems.push(['languages', 'pods:errors.cafeLanguages']);
    if (pod.level === null) problems.push(['level', 'pods:errors.levelRequired']);
  }
  return problems;
}

/**
 * Starting a pod. An interest pod names one or two interests and the languages it speaks; a language café
 * names exactly its two languages and the lowest level it welcomes. `placeId` null is an online pod.
 */
export const podInputSchema = z
  .object({
    name: requiredText(POD_NAME_MAX, 'pods:errors.nameRequired'),
    kind: z.enum(POD_KINDS),
    interests: uniqueList(z.enum(INTERESTS), 2),
    languages: uniqueList(z.enum(LANGUAGES), 3),
    level: z.enum(CAFE_LEVELS).nullable(),
    placeId: placeIdSchema.nullable(),
    description: plainText(POD_DESCRIPTION_MAX, { multiline: true }),
    sizeLimit: z.number().int().min(POD_SIZE_MIN).max(POD_SIZE_MAX),
    joinRule: z.enum(POD_JOIN_RULES),
  })
  .superRefine((pod, context) => {
    for (const [path, message] of podKindProblems(pod))
      context.addIssue({ code: 'custom', path: [path], message });
  })
  // What does not belong to the kind is dropped rather than refused: the form keeps both kinds' fields.
  .transform((pod) =>
    pod.kind === 'interests' ? { ...pod, level: null } : { ...pod, interests: [] as typeof pod.interests },
  );
export type PodInput = z.input<typeof podInputSchema>;

/** Which pods the Pods page offers: near a place (the member's own by default) or online, or both. */
export const POD_WHERE = ['near', 'online', 'anywhere'] as const;
export type PodWhere = (typeof POD_WHERE)[number];

export const podFiltersSchema = z.object({
  interest: z.enum(INTERESTS).optional(),
  language: z.enum(LANGUAGES).optional(),
  where: z.enum(POD_WHERE).optional(),
  /** The place "near" measures from; the member's own by default. */
  near: placeIdSchema.optional(),
  withinKm: z.literal(NEAR_ME_DISTANCES).optional(),
});
export type PodFilters = z.infer<typeof podFiltersSchema>;

export const podTargetSchema = z.object({ podId: idSchema });

/** Answering a pod suggestion (issue 34.3): "not now" for its interest, or starting the pod it suggests. */
export const podSuggestionSchema = z.object({ interest: z.enum(INTERESTS) });
export const podFromSuggestionSchema = z.object({ interest: z.enum(INTERESTS), pod: podInputSchema });

/** A host's answer to a request to join, or removing a member (with a reason kept for moderation). */
export const podRequestAnswerSchema = z.object({
  podId: idSchema,
  memberId: idSchema,
  approve: z.boolean(),
});
export const POD_REMOVAL_REASON_MAX = 500;
export const podRemovalSchema = z.object({
  podId: idSchema,
  memberId: idSchema,
  reason: requiredText(POD_REMOVAL_REASON_MAX, 'pods:errors.reasonRequired', { multiline: true }),
});
export type PodRemovalInput = z.input<typeof podRemovalSchema>;

/** The roles a starter gives: host (approves requests and removes members) or member again. */
export const POD_NAMED_ROLES = ['host', 'member'] as const;
export const podRoleSchema = z.object({
  podId: idSchema,
  memberId: idSchema,
  role: z.enum(POD_NAMED_ROLES),
});
export type PodRoleInput = z.input<typeof podRoleSchema>;

/**
 * A report from a pod: a member of it, or one of their messages there (`messageId`), with a reason from the
 * list and an optional note, as reportSchema. The report keeps the pod's last messages as evidence.
 */
export const podReportSchema = z.object({
  podId: idSchema,
  memberId: idSchema,
  messageId: messageIdSchema.optional(),
  reason: z.enum(REPORT_REASONS, 'community:errors.reportReasonRequired'),
  note: optionalText(REPORT_NOTE_MAX_LENGTH, { multiline: true }).optional(),
});
export type PodReportInput = z.input<typeof podReportSchema>;

/** A member's answer to a pod that has gone quiet: keep it, or let it close. */
export const POD_QUIET_ANSWERS = ['keep', 'close'] as const;
export type PodQuietAnswer = (typeof POD_QUIET_ANSWERS)[number];
export const podQuietAnswerSchema = z.object({ podId: idSchema, keep: z.boolean() });

// The pod's chat (issue 34): the one-to-one chat's terms (a client id per message, replay after an id), for
// the pod's members only.

/** One message to a pod. `clientId` as in sendMessageSchema: a repeat with the same id never stores a copy. */
export const podSendSchema = z.object({
  podId: idSchema,
  clientId: z.uuid(),
  body: messageBodySchema,
});
export type PodSendInput = z.output<typeof podSendSchema>;

/** A page of a pod's chat, oldest first: the newest, or the one before a message id. */
export const podThreadSchema = z.object({
  podId: idSchema,
  before: messageIdSchema.optional(),
  limit: z.number().int().min(1).max(100).default(30),
});

/** A pod's messages after a message id (after a reconnect), a page at a time. */
export const podSyncSchema = z.object({ podId: idSchema, after: messageIdSchema });

/** The reader has seen the pod's messages up to a message id (default: all there are now). */
export const podReadSchema = z.object({ podId: idSchema, upTo: messageIdSchema.optional() });

/** A member's read mark in a pod: every message up to this id is read. */
export interface PodReadMark {
  memberId: string;
  upTo: number;
}

/** "Seen by N": the members other than its sender whose read mark has reached the message. */
export function seenByCount(
  marks: readonly PodReadMark[],
  message: { id: number; senderId: string },
): number {
  return marks.filter((mark) => mark.memberId !== message.senderId && mark.upTo >= message.id).length;
}
