import { existsSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { userInfo } from 'node:os';
import type {
  FailedMail,
  LoggedAction,
  Logger,
  MemberSession,
  MemberSummary,
  ModerationDeps,
  OpenReport,
  Realtime,
  ReportParty,
} from '@amiko/api/operators';
import type * as operatorsModule from '@amiko/api/operators';
import type { Database, Member } from '@amiko/db';
import { readEnv } from '../env.ts';
import { commandExitCode, dataLocation, OpsError, shown, UsageError } from './common.ts';

// `pnpm admin …`: moderation and support from the command line, on the database the server uses (either
// dialect), while Amiko runs. Every command goes through the same service functions as the server
// (packages/api/src/services/moderation.ts), never SQL of its own; each action is logged with who, when
// and why. This process has no sockets: the servers close a suspended or deleted member's live connections
// themselves, from the moderation log (apps/server/src/plugins/socket.ts). What members wrote (names,
// addresses, notes, messages) is printed through shown(): escaped, so it can never draw lines of its own.
// It loads the database and the services only once the command line is understood, and only those of the
// operators' entry (@amiko/api/operators): `--help` and a wrong command line answer at once.

type Operators = typeof operatorsModule;

interface Command {
  /** The arguments after the command's name, for the usage line. */
  args: string;
  /** What it does, in a line for the overview. */
  summary: string;
  /** What it does, in full, for `pnpm admin <command> --help` (a function: it needs the services' constants). */
  details: string | ((operators: Operators) => string);
  /** Options it takes besides --by and --help: with a value, or a flag; required ones must be given. */
  options: Record<string, { required: boolean; help: string; flag?: boolean }>;
  positional: number;
}

const COMMANDS = {
  members: {
    args: '<email, name or id> [--json]',
    summary: 'find members by email address, name or id',
    details:
      'Lists the members whose email address or name contains the text (in any case), or whose id it is,\n' +
      'newest first (at most 50): name, address, id, when they joined and were last active, whether they\n' +
      'verified their address and can message, and whether they are suspended or deleted.',
    options: { json: { required: false, flag: true, help: 'the members as JSON instead of text' } },
    positional: 1,
  },
  log: {
    args: '[--member <member>] [--limit <n>] [--json]',
    summary: 'the moderation log: who did what, when, to whom, why',
    details:
      'Shows the moderation log, newest first: every action taken with pnpm admin (suspensions, deletions,\n' +
      'access granted, exports, reports resolved, mails sent again, sessions ended), who took it, on whom\n' +
      "and why. --member shows one member's; --limit how many (default 100).",
    options: {
      member: { required: false, help: 'only the actions on this member' },
      limit: { required: false, help: 'how many actions, newest first (default 100, at most 1000)' },
      json: { required: false, flag: true, help: 'the actions as JSON instead of text' },
    },
    positional: 0,
  },
  sessions: {
    args: '<member> [--end <sessionId> | --end-all] [--reason <text>]',
    summary: "a member's signed-in devices; sign one or all out",
    details:
      'Lists the sessions of a member, one per browser or desktop app they signed in with: when it began,\n' +
      'when it was last used (to the hour) and when it ends. --end signs out one session, --end-all every\n' +
      "one (a lost laptop, a shared computer): the member's live connections close within a second on every\n" +
      'server, and the action is logged.',
    options: {
      end: { required: false, help: 'the id of a session to end (as listed)' },
      'end-all': { required: false, flag: true, help: 'end every session of the member' },
      reason: { required: false, help: 'why (kept in the moderation log)' },
    },
    positional: 1,
  },
  reports: {
    args: '[--json]',
    summary: 'the open reports, with the evidence',
    details:
      'Lists the open reports, oldest first: who reported whom and when, the reason, the note and the\n' +
      'evidence (the last 50 messages between the two when the report was made), one line per message.\n' +
      'Line breaks and other control characters in what members wrote are shown as escapes (\\n, \\r,\n' +
      '\\u001b, \\u202e) and a backslash they wrote as \\\\, so no member text can make lines of its own.',
    options: { json: { required: false, flag: true, help: 'the reports as JSON instead of text' } },
    positional: 0,
  },
  'pod-reports': {
    args: '[--json]',
    summary: 'the open reports made from pods, with the evidence',
    details:
      'Lists the open reports made from a pod, oldest first, as reports does: who reported whom, from which\n' +
      'pod, the message reported if one was, the reason and the note, and the evidence: the last 50 messages\n' +
      "of the pod when the report was made, each with its writer's name, one line per message.",
    options: { json: { required: false, flag: true, help: 'the reports as JSON instead of text' } },
    positional: 0,
  },
  'pod-remove': {
    args: '<member> --pod <podId> --reason <text>',
    summary: 'remove a member from a pod',
    details:
      "Removes a member from a pod, as the pod's starter or a host can, the starter too (the pod passes on\n" +
      'as when a starter leaves). They hear nothing more of the pod and come back only if a host approves.\n' +
      "Kept with the reason in the pod's removals and the moderation log.",
    options: {
      pod: { required: true, help: 'the id of the pod (as pod-reports shows it)' },
      reason: { required: true, help: 'why (kept in the moderation log)' },
    },
    positional: 1,
  },
  'pod-close': {
    args: '<podId> --reason <text>',
    summary: 'close a pod',
    details:
      "Closes a pod: it is offered to nobody and leaves its members' lists and unread pods. Its messages\n" +
      'and reports stay for moderation. It cannot be undone.',
    options: { reason: { required: true, help: 'why (kept in the moderation log)' } },
    positional: 1,
  },
  resolve: {
    args: '<reportId> --note <text>',
    summary: 'close a report, noting what was done',
    details: 'Closes an open report, noting what was done about it.',
    options: { note: { required: true, help: 'what was done (kept with the report)' } },
    positional: 1,
  },
  suspend: {
    args: '<member> --reason <text>',
    summary: 'suspend a member (no sign-in, hidden, no messages)',
    details:
      'Suspends a member: they cannot sign in (sign-in tells them "This account is suspended"), their\n' +
      'sessions end now and their live connections close within a second on every server; they disappear\n' +
      'from the directory and profiles and receive no messages until unsuspended.',
    options: { reason: { required: true, help: 'why (kept in the moderation log)' } },
    positional: 1,
  },
  unsuspend: {
    args: '<member> [--reason <text>]',
    summary: 'lift a suspension',
    details:
      'Lifts a suspension: the member can sign in again and is shown as before. Sessions the suspension\n' +
      'ended stay ended.',
    options: { reason: { required: false, help: 'why (kept in the moderation log)' } },
    positional: 1,
  },
  'delete-member': {
    args: '<member> [--reason <text>]',
    summary: 'delete the account, as the member themselves would',
    details:
      'Deletes the account exactly as a member deleting it themselves: a blank row stays so that the\n' +
      'people they wrote with keep their conversations; profile, address, password, photos, sessions,\nfavourites and blocks go. It cannot be undone.',
    options: { reason: { required: false, help: 'why (kept in the moderation log)' } },
    positional: 1,
  },
  'grant-access': {
    args: '<member> --reason <text>',
    summary: 'messaging access without a payment (refund, goodwill)',
    details: 'Gives messaging access without a payment (a refund case, goodwill), as a payment would.',
    options: { reason: { required: true, help: 'why (kept in the moderation log)' } },
    positional: 1,
  },
  'export-member': {
    args: '<member>',
    summary: 'everything stored about the member, as JSON',
    details:
      'Writes everything stored about the member as JSON to standard output (a data-subject request),\n' +
      'without secrets such as the password hash. The export is logged.',
    options: {},
    positional: 1,
  },
  mail: {
    args: '[--resend <mailId>]',
    summary: 'mails SMTP did not take; send one again',
    details: ({ MAIL_RETRY_DELAYS_MS }) =>
      'Lists the mails the SMTP server refused or could not take and that have not gone out since, newest\n' +
      'first: id, kind, recipient, when it was made, tries, the last error, and when it is tried next. A\n' +
      `mail is tried ${MAIL_RETRY_DELAYS_MS.length + 1} times over about ${Math.round(MAIL_RETRY_DELAYS_MS.reduce((a, b) => a + b) / 3_600_000)} hours, then given up. With --resend, that one mail is\n` +
      'tried once more, now, from here (SMTP_URL as the server has it), and the try is logged.',
    options: { resend: { required: false, help: 'the id of a mail to send again now' } },
    positional: 0,
  },
} satisfies Record<string, Command>;
type CommandName = keyof typeof COMMANDS;

const isCommand = (name: string): name is CommandName => Object.hasOwn(COMMANDS, name);

const USAGE = `Usage: pnpm admin <command> [arguments] [options]

Moderation and support for Amiko's team, on the database the server uses (DATABASE_URL, default
./data/amiko.db; UPLOADS_DIR for photos), while Amiko runs.

Commands:
${Object.entries(COMMANDS)
  .map(([name, command]) => `  ${`${name} ${command.args}`.padEnd(42)} ${command.summary}`)
  .join('\n')}

<member> is a member's id or email address (pnpm admin members finds it by name).

Options:
  --by <name>    who acts, for the moderation log (default: your login name)
  --help, -h     this text; \`pnpm admin <command> --help\` explains a command

Every action is written to the moderation log (the table moderation_actions): who, when, to whom, why.
Exit codes: 0 done (or nothing to do), 1 refused (unknown member, report or mail, a mail SMTP did not
take, a database problem), 2 wrong usage.

In the container: docker compose exec amiko node apps/server/src/ops/admin.ts reports
`;

async function commandUsage(name: CommandName): Promise<string> {
  const command: Command = COMMANDS[name];
  const options = Object.entries(command.options).map(
    ([option, { help, required }]) => `  --${option.padEnd(12)} ${help}${required ? ' (required)' : ''}`,
  );
  const details =
    typeof command.details === 'string'
      ? command.details
      : command.details(await import('@amiko/api/operators'));
  return `Usage: pnpm admin ${name} ${command.args}

${details}

Options:
${[...options, `  --${'by'.padEnd(12)} who acts, for the moderation log (default: your login name)`].join('\n')}
`;
}

interface Parsed {
  command: CommandName | null;
  help: boolean;
  positional: string[];
  options: Record<string, string | true>;
}

/** `<command> [positional…] [--option value | --option=value | --flag]`. */
export function parseAdminArguments(args: string[]): Parsed {
  const [first, ...rest] = args;
  if (first === undefined || first === '--help' || first === '-h')
    return { command: null, help: true, positional: [], options: {} };
  if (!isCommand(first))
    throw new UsageError(`unknown command ${JSON.stringify(first)} (see pnpm admin --help)`);
  const command: Command = COMMANDS[first];
  const parsed: Parsed = { command: first, help: false, positional: [], options: {} };
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i]!;
    if (arg === '--help' || arg === '-h') {
      parsed.help = true;
      continue;
    }
    if (!arg.startsWith('--')) {
      parsed.positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (name !== 'by' && !Object.hasOwn(command.options, name))
      throw new UsageError(`${first} has no option --${name} (see pnpm admin ${first} --help)`);
    if (command.options[name]?.flag) {
      parsed.options[name] = true;
      continue;
    }
    const value = inline ?? rest[(i += 1)];
    if (value === undefined || value.trim() === '')
      throw new UsageError(`--${name} needs a value (see pnpm admin ${first} --help)`);
    parsed.options[name] = value.trim();
  }
  if (parsed.help) return parsed;
  if (parsed.positional.length !== command.positional) {
    const wanted = command.positional === 0 ? 'no arguments' : 'one argument';
    throw new UsageError(`${first} takes ${wanted}: pnpm admin ${first} ${command.args}`);
  }
  for (const [name, option] of Object.entries(command.options)) {
    if (option.required && parsed.options[name] === undefined)
      throw new UsageError(`${first} needs --${name}: pnpm admin ${first} ${command.args}`);
  }
  return parsed;
}

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

const describe = (member: Pick<Member, 'id' | 'name' | 'email'>) =>
  `${shown(member.name) || '(no name)'} <${member.email === null ? 'no address' : shown(member.email)}> (${member.id})`;

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : 'never');

function memberText(member: MemberSummary): string {
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

function actionText(entry: LoggedAction): string {
  const on =
    (entry.member ? ` ${describe(entry.member)}` : entry.reportId ? ` report ${entry.reportId}` : '') +
    (entry.podId ? `${entry.member ? ' from' : ''} pod ${entry.podId}` : '');
  const why = entry.reason === null ? '' : `: ${shown(entry.reason)}`;
  return `${entry.createdAt.toISOString()}  ${entry.action}${on}, by ${shown(entry.actor)}${why}\n`;
}

function sessionText(session: MemberSession): string {
  return `Session ${session.id}: signed in ${session.createdAt.toISOString()}, last used ${session.lastUsedAt.toISOString().slice(0, 13)}h, ends ${session.expiresAt.toISOString()}\n`;
}

/** `log --limit <n>`: a count of actions. */
function limitOf(value: string | true | undefined): number {
  if (value === undefined) return 100;
  if (typeof value !== 'string' || !/^[1-9]\d{0,3}$/.test(value) || Number(value) > 1000)
    throw new UsageError(`--limit takes a number from 1 to 1000 (not ${JSON.stringify(value)})`);
  return Number(value);
}

function party(p: ReportParty | null): string {
  if (!p) return '(account removed)';
  const state = p.deleted ? ' [deleted]' : p.suspended ? ' [suspended]' : '';
  return `${describe(p)}${state}`;
}

/**
 * A report as text. Each evidence line is framed by the time and the sender's name, which only this code
 * writes at the start of a line: member text is escaped (shown), so a message or a note holding a line
 * break or a carriage return stays on its own line and cannot draw a message that was never sent.
 */
function reportText(report: OpenReport): string {
  const evidence =
    report.evidence.length === 0
      ? `  (no messages ${report.pod ? 'in the pod' : 'between them'})`
      : report.evidence
          .map((m) => {
            const who = shown(m.senderName || m.senderId);
            const mark = report.pod?.messageId === m.id ? '  >> reported' : '';
            return `  ${new Date(m.createdAt).toISOString()}  ${who}: ${shown(m.body)}${mark}`;
          })
          .join('\n');
  const pod = report.pod
    ? `Pod:      ${shown(report.pod.name) || '(no name)'} (${report.pod.id})${report.pod.messageId === null ? '' : `, message ${report.pod.messageId}`}\n`
    : '';
  const kept = report.pod
    ? `the last ${report.evidence.length} messages in the pod when reported`
    : `the last ${report.evidence.length} messages between them when reported`;
  return `Report ${report.id}, ${report.createdAt.toISOString()}
Reporter: ${party(report.reporter)}
Reported: ${party(report.reported)}
${pod}Reason:   ${shown(report.reason)}
Note:     ${report.note === null ? '(none)' : shown(report.note)}
Evidence, ${kept}, one line each:
${evidence}
`;
}

function failedMailText(mail: FailedMail): string {
  const next = mail.nextTryAt ? `tried again at ${mail.nextTryAt.toISOString()}` : 'given up';
  return `Mail ${mail.id}, ${shown(mail.kind)} to <${shown(mail.to)}>, made ${mail.createdAt.toISOString()}
  Tries:      ${mail.tries}, ${next}
  Last error: ${shown(mail.error)}
`;
}

/** How many failed mails `pnpm admin mail` lists at most (an outage of a day can leave thousands). */
const MAILS_LISTED = 200;

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
    if (command === 'pod-close') {
      const podId = positional[0]!;
      const outcome = await closePodAsOperator(deps, podId, { ...acting, reason: String(options.reason) });
      if (outcome === 'notFound') throw new OpsError(`there is no pod ${podId}`);
      io.stdout(
        outcome === 'closed' ? `Closed pod ${podId}.\n` : `Pod ${podId} was closed already: nothing to do.\n`,
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
