import { existsSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { userInfo } from 'node:os';
import type { Logger, ModerationDeps, Realtime } from '@amiko/api/operators';
import type { Database } from '@amiko/db';
import { readEnv } from '../env.ts';
import {
  commandUsage,
  parseAdminArguments,
  USAGE,
  type CommandName,
  type Operators,
} from './admin-commands.ts';
import { actionText, describe, failedMailText, memberText, reportText, sessionText } from './admin-text.ts';
import { commandExitCode, dataLocation, OpsError, shown, UsageError } from './common.ts';

// `pnpm admin …`: moderation and support from the command line, on the database the server uses (either
// dialect), while Amiko runs. Every command goes through the same service functions as the server
// (packages/api/src/services/moderation.ts), never SQL of its own; each action is logged with who, when
// and why. This process has no sockets: the servers close a suspended or deleted member's live connections
// themselves, from the moderation log (apps/server/src/plugins/socket.ts). What members wrote (names,
// addresses, notes, messages) is printed through shown(): escaped, so it can never draw lines of its own.
// It loads the database and the services only once the command line is understood, and only those of the
// operators' entry (@amiko/api/operators): `--help` and a wrong command line answer at once.
// Its commands and their usage are in admin-commands.ts, what it prints in admin-text.ts.

export interface AdminIo {
  env: Record<string, string | undefined>;
  stdout(text: string): void;
  stderr(text: string): void;
}

const processIo: AdminIo = {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** The servers close live sockets themselves (they read the moderation log); here there are none. */
const NO_SOCKETS: Realtime = {
  isOnline: async () => false,
  isConnectedHere: () => false,
  disconnectMember: () => undefined,
  emitTo: () => undefined,
};

function operatorName(env: AdminIo['env']): string {
  try {
    return userInfo().username;
  } catch {
    return env.USER ?? 'unknown';
  }
}

interface Opened {
  deps: ModerationDeps;
  database: Database;
  operators: Operators;
}

/**
 * The database and the services, loaded now that a command needs them; the mailer's transport only for
 * `mail` (the one command that sends).
 */
async function openForCommand(io: AdminIo, command: CommandName): Promise<Opened> {
  const env = readEnv(io.env);
  const location = dataLocation(io.env);
  if (location.dialect === 'sqlite' && !existsSync(location.databaseFile))
    throw new OpsError(`there is no database at ${location.databaseFile} (DATABASE_URL)`);
  const [{ openDatabase }, operators] = await Promise.all([
    import('@amiko/db'),
    import('@amiko/api/operators'),
  ]);
  const { createLocalPhotoStore, createMailer } = operators;
  const database = openDatabase({ url: env.DATABASE_URL, poolSize: 2 });
  try {
    const pending = await database.pendingMigrations();
    if (pending.length > 0)
      throw new OpsError(
        `the database lacks this version's migrations (${pending.join(', ')}): start Amiko once, it applies them`,
      );
  } catch (error) {
    await database.close();
    if (error instanceof OpsError) throw error;
    throw new OpsError(`cannot read the database (${database.location}): ${(error as Error).message}`);
  }
  const log: Logger = {
    info: () => undefined,
    warn: (obj, msg) => io.stderr(`amiko admin: warning: ${msg ?? ''} ${JSON.stringify(obj)}\n`),
    error: (obj, msg) => io.stderr(`amiko admin: error: ${msg ?? ''} ${JSON.stringify(obj)}\n`),
  };
  const smtpUrl = command === 'mail' ? env.SMTP_URL : undefined;
  const deps: ModerationDeps = {
    database,
    realtime: NO_SOCKETS,
    photos: createLocalPhotoStore(env.UPLOADS_DIR),
    log,
    // Only `mail --resend` sends, and says itself how its try went (the mailer's log would say it twice).
    // With SMTP_URL set there is no dev mailbox whose content to keep.
    mail: createMailer({
      database,
      transport: smtpUrl ? (await import('nodemailer')).default.createTransport(smtpUrl) : null,
      keepContent: false,
      from: env.MAIL_FROM,
      log: { ...log, warn: () => undefined, error: () => undefined },
    }),
  };
  return { deps, database, operators };
}

/** How many failed mails `pnpm admin mail` lists at most (an outage of a day can leave thousands). */
const MAILS_LISTED = 200;

/** `log --limit <n>`: a count of actions. */
function limitOf(value: string | true | undefined): number {
  if (value === undefined) return 100;
  if (typeof value !== 'string' || !/^[1-9]\d{0,3}$/.test(value) || Number(value) > 1000)
    throw new UsageError(`--limit takes a number from 1 to 1000 (not ${JSON.stringify(value)})`);
  return Number(value);
}

/** `mail --resend <mailId>`: a mail's id as the list shows it. */
function mailIdOf(value: string): number {
  if (!/^[1-9]\d{0,15}$/.test(value))
    throw new UsageError(
      `--resend takes a mail's number, as pnpm admin mail lists it (not ${JSON.stringify(value)})`,
    );
  return Number(value);
}

async function run(args: string[], io: AdminIo): Promise<void> {
  const parsed = parseAdminArguments(args);
  if (parsed.help || parsed.command === null) {
    io.stdout(parsed.command ? await commandUsage(parsed.command) : USAGE);
    return;
  }
  const { command, positional, options } = parsed;
  const acting = {
    actor: typeof options.by === 'string' ? options.by : operatorName(io.env),
    reason: typeof options.reason === 'string' ? options.reason : undefined,
  };
  if (command === 'sessions' && options.end !== undefined && options['end-all'])
    throw new UsageError('sessions takes --end <sessionId> or --end-all, not both');
  const limit = command === 'log' ? limitOf(options.limit) : 0;
  const { deps, database, operators } = await openForCommand(io, command);
  const {
    cancelMeetupByOperator,
    closePodAsOperator,
    deleteMemberAsOperator,
    endSessions,
    exportMemberForOperator,
    failedMails,
    findMemberByReference,
    findMembers,
    grantAccess,
    memberSessions,
    moderationLog,
    openReports,
    removeFromPodAsOperator,
    resendMail,
    resolveReport,
    suspendMember,
    unsuspendMember,
  } = operators;
  const memberCalled = async (reference: string) => {
    const member = await findMemberByReference(deps, reference);
    if (!member) throw new OpsError(`there is no member with the id or email address ${reference}`);
    return member;
  };
  try {
    if (command === 'members') {
      const term = positional[0]!;
      const members = await findMembers(deps, term);
      if (options.json) io.stdout(`${JSON.stringify(members, null, 2)}\n`);
      else if (members.length === 0)
        io.stdout(`No member's address, name or id holds ${JSON.stringify(term)}.\n`);
      else io.stdout(`${members.length} member(s), newest first:\n\n${members.map(memberText).join('\n')}`);
      return;
    }
    if (command === 'log') {
      const member = typeof options.member === 'string' ? await memberCalled(options.member) : undefined;
      const entries = await moderationLog(deps, { memberId: member?.id, limit });
      if (options.json) io.stdout(`${JSON.stringify(entries, null, 2)}\n`);
      else if (entries.length === 0) io.stdout('The moderation log is empty.\n');
      else io.stdout(entries.map(actionText).join(''));
      return;
    }
    if (command === 'reports') {
      const reports = await openReports(deps);
      if (options.json) io.stdout(`${JSON.stringify(reports, null, 2)}\n`);
      else if (reports.length === 0) io.stdout('No open reports.\n');
      else io.stdout(`${reports.length} open report(s):\n\n${reports.map(reportText).join('\n')}`);
      return;
    }
    if (command === 'pod-reports') {
      const reports = await openReports(deps, { pods: true });
      if (options.json) io.stdout(`${JSON.stringify(reports, null, 2)}\n`);
      else if (reports.length === 0) io.stdout('No open reports from pods.\n');
      else io.stdout(`${reports.length} open report(s) from pods:\n\n${reports.map(reportText).join('\n')}`);
      return;
    }
    if (command === 'meetup-reports') {
      const reports = await openReports(deps, { meetups: true });
      if (options.json) io.stdout(`${JSON.stringify(reports, null, 2)}\n`);
      else if (reports.length === 0) io.stdout('No open reports from meetups.\n');
      else
        io.stdout(`${reports.length} open report(s) from meetups:\n\n${reports.map(reportText).join('\n')}`);
      return;
    }
    if (command === 'pod-close') {
      const podId = positional[0]!;
      const outcome = await closePodAsOperator(deps, podId, { ...acting, reason: String(options.reason) });
      if (outcome === 'notFound') throw new OpsError(`there is no pod ${podId}`);
      io.stdout(
        outcome === 'closed' ? `Closed pod ${podId}.\n` : `Pod ${podId} was closed already: nothing to do.\n`,
      );
      return;
    }
    if (command === 'meetup-cancel') {
      const meetupId = positional[0]!;
      const outcome = await cancelMeetupByOperator(deps, meetupId, {
        ...acting,
        reason: String(options.reason),
      });
      if (outcome === 'notFound') throw new OpsError(`there is no meetup ${meetupId}`);
      if (outcome === 'begun') throw new OpsError(`meetup ${meetupId} has begun: it cannot be cancelled`);
      io.stdout(
        outcome === 'cancelled'
          ? `Cancelled meetup ${meetupId}: everyone going or waiting is told by mail.\n`
          : `Meetup ${meetupId} was cancelled already: nothing to do.\n`,
      );
      return;
    }
    if (command === 'resolve') {
      const reportId = positional[0]!;
      const outcome = await resolveReport(deps, reportId, { ...acting, reason: String(options.note) });
      if (outcome === 'notFound') throw new OpsError(`there is no report ${reportId}`);
      io.stdout(
        outcome === 'resolved'
          ? `Resolved report ${reportId}.\n`
          : `Report ${reportId} was resolved already: nothing to do.\n`,
      );
      return;
    }
    if (command === 'mail') {
      if (typeof options.resend === 'string') {
        const mailId = mailIdOf(options.resend);
        const outcome = await resendMail(deps, mailId, acting);
        switch (outcome) {
          case 'sent':
            io.stdout(`Sent mail ${mailId} again: the SMTP server took it.\n`);
            return;
          case 'alreadySent':
          case 'nothingToSend':
            io.stdout(`Mail ${mailId} was sent already: nothing to do.\n`);
            return;
          case 'notFound':
            throw new OpsError(`there is no mail ${mailId}`);
          case 'contentGone':
            throw new OpsError(`mail ${mailId} was recorded without its content: it cannot be sent again`);
          case 'busy':
            throw new OpsError(
              `a server is trying mail ${mailId} right now: see pnpm admin mail in a minute`,
            );
          case 'noSmtp':
            throw new OpsError('SMTP_URL is not set: no mail can be sent from here');
          default:
            throw new OpsError(
              `mail ${mailId} was not sent: ${shown(outcome.error)} (${outcome.retryAt ? `tried again at ${outcome.retryAt.toISOString()}` : 'given up'})`,
            );
        }
      }
      const mails = await failedMails(database, MAILS_LISTED);
      const count = mails.length < MAILS_LISTED ? `${mails.length}` : `The newest ${MAILS_LISTED}`;
      io.stdout(
        mails.length === 0
          ? 'No failed mails.\n'
          : `${count} mail(s) the SMTP server did not take, newest first:\n\n${mails.map(failedMailText).join('\n')}`,
      );
      return;
    }
    const member = await memberCalled(positional[0]!);
    switch (command) {
      case 'sessions': {
        if (typeof options.end === 'string' || options['end-all']) {
          const one = typeof options.end === 'string' ? options.end : undefined;
          const ended = await endSessions(deps, member, acting, one);
          if (ended === 0 && one !== undefined)
            throw new OpsError(
              `${describe(member)} has no session ${one} (see pnpm admin sessions ${member.id})`,
            );
          io.stdout(
            ended === 0
              ? `${describe(member)} is signed in nowhere: nothing to do.\n`
              : `Signed ${describe(member)} out of ${one === undefined ? `all ${ended} session(s)` : `session ${one}`}: servers close their live connections within a second.\n`,
          );
          return;
        }
        const sessions = await memberSessions(deps, member);
        io.stdout(
          sessions.length === 0
            ? `${describe(member)} is signed in nowhere.\n`
            : `${describe(member)} is signed in ${sessions.length} time(s), most recently used first:\n${sessions.map(sessionText).join('')}`,
        );
        return;
      }
      case 'suspend': {
        const outcome = await suspendMember(deps, member, acting);
        if (outcome === 'deleted') throw new OpsError(`${describe(member)} is deleted: nothing to suspend`);
        io.stdout(
          outcome === 'suspended'
            ? `Suspended ${describe(member)}: their sessions are ended; servers close their live connections within a second.\n`
            : `${describe(member)} is suspended already: nothing to do.\n`,
        );
        return;
      }
      case 'unsuspend': {
        const outcome = await unsuspendMember(deps, member, acting);
        io.stdout(
          outcome === 'unsuspended'
            ? `Lifted the suspension of ${describe(member)}.\n`
            : `${describe(member)} is not suspended: nothing to do.\n`,
        );
        return;
      }
      case 'delete-member': {
        const outcome = await deleteMemberAsOperator(deps, member, acting);
        io.stdout(
          outcome === 'deleted'
            ? `Deleted the account ${describe(member)}.\n`
            : `The account ${member.id} is deleted already: nothing to do.\n`,
        );
        return;
      }
      case 'grant-access': {
        const outcome = await grantAccess(deps, member, acting);
        if (outcome === 'deleted') throw new OpsError(`${describe(member)} is deleted: no access to grant`);
        io.stdout(
          outcome === 'granted'
            ? `Granted messaging access to ${describe(member)}.\n`
            : `${describe(member)} can message already: nothing to do.\n`,
        );
        return;
      }
      case 'pod-remove': {
        const podId = String(options.pod);
        const outcome = await removeFromPodAsOperator(deps, member, podId, {
          ...acting,
          reason: String(options.reason),
        });
        if (outcome === 'podNotFound') throw new OpsError(`there is no open pod ${podId}`);
        if (outcome === 'notInPod') throw new OpsError(`${describe(member)} is not in pod ${podId}`);
        io.stdout(`Removed ${describe(member)} from pod ${podId}.\n`);
        return;
      }
      case 'export-member': {
        const data = await exportMemberForOperator(deps, member, acting);
        io.stdout(`${JSON.stringify(data, null, 2)}\n`);
        return;
      }
    }
  } finally {
    await database.close();
  }
}

/** Runs one admin command line; resolves with its exit code (0 done, 1 refused, 2 wrong usage). */
export function admin(args: string[], io: AdminIo = processIo): Promise<number> {
  return commandExitCode('admin', () => run(args, io), io.stderr);
}

if (import.meta.main) {
  // Compiled code kept between runs (in the system's temporary folder): the next command starts sooner.
  enableCompileCache();
  process.exitCode = await admin(process.argv.slice(2));
}
