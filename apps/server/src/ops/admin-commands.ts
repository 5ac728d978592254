import type * as operatorsModule from '@amiko/api/operators';
import { UsageError } from './common.ts';

// The command line of `pnpm admin` (admin.ts): its commands, their usage texts, and the parser. Nothing
// here loads the database or the services, so that `--help` and a wrong command line answer at once.

export type Operators = typeof operatorsModule;

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

export const COMMANDS = {
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
  'meetup-reports': {
    args: '[--json]',
    summary: 'list open reports made after meetups',
    details:
      'Lists the open reports made after a meetup (from "Who came?"): the meetup\'s time, pod and venue, who\n' +
      "reported whom, and the pod's last messages kept as evidence.",
    options: { json: { required: false, flag: true, help: 'the reports as JSON instead of text' } },
    positional: 0,
  },
  'meetup-cancel': {
    args: '<meetupId> --reason <text>',
    summary: 'cancel a meetup',
    details:
      'Cancels a meetup that has not begun, as its host can: everyone going or on the waitlist is told by\n' +
      'mail. Kept with the reason in the moderation log. It cannot be undone.',
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
export type CommandName = keyof typeof COMMANDS;

const isCommand = (name: string): name is CommandName => Object.hasOwn(COMMANDS, name);

export const USAGE = `Usage: pnpm admin <command> [arguments] [options]

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

export async function commandUsage(name: CommandName): Promise<string> {
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

export interface Parsed {
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
