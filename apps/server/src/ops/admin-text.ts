import type {
  FailedMail,
  LoggedAction,
  MemberSession,
  MemberSummary,
  OpenReport,
  ReportParty,
} from '@amiko/api/operators';
import type { Member } from '@amiko/db';
import { shown } from './common.ts';

// What `pnpm admin` prints about members, the moderation log, sessions, reports and failed mails. What
// members wrote goes through shown(): escaped, so it can never draw lines of its own.

export const describe = (member: Pick<Member, 'id' | 'name' | 'email'>) =>
  `${shown(member.name) || '(no name)'} <${member.email === null ? 'no address' : shown(member.email)}> (${member.id})`;

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : 'never');

export function memberText(member: MemberSummary): string {
  const state = member.deleted
    ? 'deleted'
    : [
        member.suspended && 'SUSPENDED',
        member.emailVerified ? 'verified' : 'not verified',
        member.canMessage ? 'can message' : 'cannot message (no payment)',
      ]
        .filter(Boolean)
        .join(', ');
  return `${describe(member)}
  joined ${day(member.createdAt)}, last active ${day(member.lastActiveAt)}; ${state}
`;
}

export function actionText(entry: LoggedAction): string {
  const on =
    (entry.member ? ` ${describe(entry.member)}` : entry.reportId ? ` report ${entry.reportId}` : '') +
    (entry.podId ? `${entry.member ? ' from' : ''} pod ${entry.podId}` : '');
  const why = entry.reason === null ? '' : `: ${shown(entry.reason)}`;
  return `${entry.createdAt.toISOString()}  ${entry.action}${on}, by ${shown(entry.actor)}${why}\n`;
}

export function sessionText(session: MemberSession): string {
  return `Session ${session.id}: signed in ${session.createdAt.toISOString()}, last used ${session.lastUsedAt.toISOString().slice(0, 13)}h, ends ${session.expiresAt.toISOString()}\n`;
}

export function party(p: ReportParty | null): string {
  if (!p) return '(account removed)';
  const state = p.deleted ? ' [deleted]' : p.suspended ? ' [suspended]' : '';
  return `${describe(p)}${state}`;
}

/**
 * A member's text in double quotes, escaped (shown) with its own quotes as \": where it ends is never in
 * doubt, so what follows the closing quote is this code's, whatever the member wrote (shown escapes the
 * backslash, so a \" typed by a member shows as \\\").
 */
export const quoted = (text: string) => `"${shown(text).replaceAll('"', '\\"')}"`;

/**
 * A report as text. Each evidence line is framed by the time, the mark of the reported message and the
 * sender's name, which only this code writes: member text is escaped (shown), so a message or a note holding
 * a line break or a carriage return stays on its own line and cannot draw a message that was never sent; and
 * the mark comes before the member's text, the name and the message quoted, so a body ending in
 * "  >> reported" or a name holding ": " cannot imitate the frame.
 */
export function reportText(report: OpenReport): string {
  const evidence =
    report.evidence.length === 0
      ? `  (no messages ${report.pod ? 'in the pod' : 'between them'})`
      : report.evidence
          .map((m) => {
            const mark = report.pod?.messageId === m.id ? '>> reported  ' : '';
            return `  ${new Date(m.createdAt).toISOString()}  ${mark}${quoted(m.senderName || m.senderId)}: ${quoted(m.body)}`;
          })
          .join('\n');
  const pod = report.pod
    ? `Pod:      ${shown(report.pod.name) || '(no name)'} (${report.pod.id})${report.pod.messageId === null ? '' : `, message ${report.pod.messageId}`}\n`
    : '';
  const meetup = report.meetup
    ? `Meetup:   ${report.meetup.startsAt.toISOString()} (${report.meetup.timeZone}), ${shown(report.meetup.venue)} (${report.meetup.id})\n`
    : '';
  const kept = report.pod
    ? `the last ${report.evidence.length} messages in the pod when reported`
    : `the last ${report.evidence.length} messages between them when reported`;
  return `Report ${report.id}, ${report.createdAt.toISOString()}
Reporter: ${party(report.reporter)}
Reported: ${party(report.reported)}
${pod}${meetup}Reason:   ${shown(report.reason)}
Note:     ${report.note === null ? '(none)' : shown(report.note)}
Evidence, ${kept}, one line each:
${evidence}
`;
}

export function failedMailText(mail: FailedMail): string {
  const next = mail.nextTryAt ? `tried again at ${mail.nextTryAt.toISOString()}` : 'given up';
  return `Mail ${mail.id}, ${shown(mail.kind)} to <${shown(mail.to)}>, made ${mail.createdAt.toISOString()}
  Tries:      ${mail.tries}, ${next}
  Last error: ${shown(mail.error)}
`;
}
