import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from './root.ts';

export { appRouter, type AppRouter } from './root.ts';
export { createCallerFactory } from './trpc.ts';
export type { Context, Deps } from './context.ts';
export type { AppConfig, PushConfig, VapidKeys } from './config.ts';
export type { Logger } from './logger.ts';
export { NO_METRICS, type MailOutcome, type Metrics, type PushOutcome, type SendRefusal } from './metrics.ts';
export { AppError, appError } from './errors.ts';
export {
  createMailer,
  failedMails,
  MAIL_HANDLERS,
  MAIL_RETRY_DELAYS_MS,
  type FailedMail,
  type Mailer,
  type MailMessage,
  type ResendOutcome,
} from './mail/mailer.ts';
export { defangLinks } from './mail/templates.ts';
export {
  addressBucket,
  createRateLimiter,
  createMemoryRateLimitStore,
  DEFAULT_RATE_LIMITS,
  type RateLimitRule,
  type RateLimitStore,
} from './rate-limit.ts';
export type { Audience, Realtime } from './realtime.ts';
export { createMemberCounter } from './services/member-count.ts';
export { startJobRunner, type JobRunner } from './services/jobs.ts';
export { exportMemberData, type MemberDataExport } from './services/member-export.ts';
export {
  deleteMemberAsOperator,
  endSessions,
  exportMemberForOperator,
  findMemberByReference,
  findMembers,
  grantAccess,
  memberSessions,
  moderationLog,
  resendMail,
  sessionEndingActionsSince,
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
export { REPORT_EVIDENCE_MESSAGES } from './services/reports.ts';
export { DATA_EXPORT_HANDLERS, takeDataExport } from './services/data-export.ts';
export {
  MESSAGE_MAIL_HANDLERS,
  forgetMessageMails,
  scheduleWaitingMails,
  unsubscribeFromMessageMails,
} from './services/message-mail.ts';
export { drainPushes, PUSH_HANDLERS } from './services/push.ts';
export { createLocalPhotoStore, isPhotoKey, type PhotoStore } from './services/photo-store.ts';
export {
  createPaymentGateway,
  PaymentConfigError,
  type PaymentGateway,
  type PaymentMode,
} from './services/payment-gateway.ts';
export { ABANDONED_AFTER_MS, fulfilStripeEvent, type WebhookResult } from './services/payments.ts';
export { createDirectory, type Directory } from './services/directory/query.ts';
export { setDirectoryCount } from './services/directory/kernel.ts';
export { replacePhoto } from './services/photos.ts';
export { stampActivity } from './services/activity.ts';
export { PLACE_HANDLERS, scheduleCityMatching } from './services/places.ts';
export { createDecodeQueue, DECODES_AT_ONCE, photoDecodes } from './services/photo-decoding.ts';
export { may, seenBy, type MeView, type Visibility } from './services/views.ts';
export { typingRecipient } from './services/messaging/conversations.ts';
export { publishUnread, readConversation, takesUnreadAlong, unreadMark } from './services/messaging/read.ts';
export { send, type Sender } from './services/messaging/send.ts';
export { sync } from './services/messaging/sync.ts';
export { podTypingAudience, publishPodUnread, readPod, sendToPod } from './services/pods-chat.ts';
export { syncPod } from './services/pods-chat-pages.ts';
export { POD_QUIET_HANDLERS, scheduleQuietPodSweep, sweepQuietPods } from './services/pods-quiet.ts';
export { MEETUP_AFTER_HANDLERS } from './services/meetups-after-mail.ts';
export { answerCantGoLink, type CantGoOutcome } from './services/meetups-links.ts';
export { MEETUP_NOTICE_HANDLERS, meetupCalendarOf } from './services/meetups-notices.ts';
export { MEETUP_REMINDER_HANDLERS } from './services/meetups-reminders.ts';
export type * from './contracts.ts';
export type * from './socket-events.ts';
export { CLIENT_EVENT_SCHEMAS, CLIENT_EVENTS } from './socket-events.ts';

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
