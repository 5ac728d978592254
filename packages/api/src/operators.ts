// What the operators' command line (`pnpm admin`, apps/server/src/ops/admin.ts) uses, as an entry of its
// own (`@amiko/api/operators`): the moderation services and the mail and photo stores, without the routers,
// tRPC and the rest of the API, so that a command loads only what it needs and starts sooner.
export type { Logger } from './logger.ts';
export type { Realtime } from './realtime.ts';
export { createMailer, failedMails, MAIL_RETRY_DELAYS_MS, type FailedMail } from './mail/mailer.ts';
export { createLocalPhotoStore } from './services/photo-store.ts';
export {
  cancelMeetupByOperator,
  closePodAsOperator,
  deleteMemberAsOperator,
  endSessions,
  exportMemberForOperator,
  findMemberByReference,
  findMembers,
  grantAccess,
  memberSessions,
  moderationLog,
  removeFromPodAsOperator,
  resendMail,
  suspendMember,
  unsuspendMember,
  type Acting,
  type LoggedAction,
  type MemberSession,
  type MemberSummary,
  type ModerationDeps,
} from './services/moderation.ts';
export {
  openReports,
  resolveReport,
  type OpenReport,
  type ReportParty,
} from './services/moderation-reports.ts';
