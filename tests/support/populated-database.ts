import { hashPassword, issueToken } from '@amiko/auth';
import { CATALOGS, type ProfileFields } from '@amiko/core';
import { newId, pgSchema, sqliteSchema, type Database } from '@amiko/db';
import { getTableColumns, getTableName, type Column, type Table } from 'drizzle-orm';
import { getTableConfig as pgTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { ONBOARDED_INTERESTS, ONBOARDED_STORY, TEST_PASSWORD } from './members.ts';
import { sampleProfile } from './profile-sample.ts';

// A database of an earlier Amiko, full of members: what an operator upgrades. The rows are written with
// plain SQL through the driver, column by column as far as the database at that version has them (a
// column added later is left out, one dropped since gets a plain value of its type), and encoded by the
// current tables' own columns, so they are stored exactly as Amiko stores them. Every table gets rows.

type Raw = Database['raw'];
type Row = Record<string, unknown>;
type TableKey = keyof typeof pgSchema;

interface SqlColumn {
  name: string;
  type: string;
  notNull: boolean;
  hasDefault: boolean;
}

/** The columns a table has in this database (none: the table does not exist yet). */
export async function columnsOf(raw: Raw, table: string): Promise<Map<string, SqlColumn>> {
  if (raw.kind === 'sqlite') {
    const rows = raw.client.prepare(`SELECT * FROM pragma_table_info(?)`).all(table) as {
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }[];
    return new Map(
      rows.map((r) => [
        r.name,
        // An INTEGER PRIMARY KEY is the rowid: it has a value without being given one.
        {
          name: r.name,
          type: r.type.toLowerCase(),
          notNull: r.notnull === 1,
          hasDefault: r.dflt_value !== null || (r.pk === 1 && r.type.toLowerCase() === 'integer'),
        },
      ]),
    );
  }
  const rows = await raw.client<
    { name: string; type: string; nullable: string; default: string | null; identity: string }[]
  >`SELECT column_name AS name, data_type AS type, is_nullable AS nullable, column_default AS default,
       is_identity AS identity
      FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${table}`;
  return new Map(
    rows.map((r) => [
      r.name,
      {
        name: r.name,
        type: r.type,
        notNull: r.nullable === 'NO',
        hasDefault: r.default !== null || r.identity === 'YES',
      },
    ]),
  );
}

function tablesOf(raw: Raw): Record<TableKey, Table> {
  return (raw.kind === 'sqlite' ? sqliteSchema : pgSchema) as unknown as Record<TableKey, Table>;
}

/** A plain value for a NOT NULL column without a default that today's tables no longer have. */
function plainValue(column: SqlColumn): unknown {
  if (/int|numeric|real|double/.test(column.type)) return 0;
  if (/bool/.test(column.type)) return false;
  if (/json/.test(column.type)) return '[]';
  if (/time|date/.test(column.type)) return new Date().toISOString();
  return '';
}

/**
 * Inserts one row given in today's property names (members.photoKey …), keeping to the columns this
 * database has; returns the new row's `id`.
 */
async function insert(
  raw: Raw,
  key: TableKey,
  values: Row,
  options: { upsert?: string } = {},
): Promise<unknown> {
  const table = tablesOf(raw)[key];
  const name = getTableName(table);
  const present = await columnsOf(raw, name);
  if (present.size === 0) return undefined; // the table came later
  const current = getTableColumns(table) as Record<string, Column>;
  const names: string[] = [];
  const params: unknown[] = [];
  for (const [property, value] of Object.entries(values)) {
    const column = current[property];
    if (!column) throw new Error(`${name} has no column for ${property} today`);
    if (!present.has(column.name)) continue;
    names.push(column.name);
    params.push(value === null ? null : column.mapToDriverValue(value));
  }
  // A NOT NULL column without an SQL default that the row leaves out gets what Amiko writes into it: the
  // column's default in today's tables ($defaultFn included), or a plain value for a column dropped since.
  const byName = new Map(Object.values(current).map((column) => [column.name, column]));
  for (const column of present.values()) {
    if (column.notNull && !column.hasDefault && !names.includes(column.name)) {
      const known = byName.get(column.name);
      const value = known ? (known.default ?? known.defaultFn?.()) : undefined;
      names.push(column.name);
      params.push(value === undefined ? plainValue(column) : known!.mapToDriverValue(value));
    }
  }
  const placeholders = params.map((_, i) => (raw.kind === 'sqlite' ? '?' : `$${i + 1}`));
  const conflict = options.upsert
    ? ` ON CONFLICT ("${options.upsert}") DO UPDATE SET ${names.map((n) => `"${n}" = excluded."${n}"`).join(', ')}`
    : '';
  const returning = present.has('id') ? ' RETURNING "id"' : '';
  const statement = `INSERT INTO "${name}" (${names.map((n) => `"${n}"`).join(', ')}) VALUES (${placeholders.join(', ')})${conflict}${returning}`;
  if (raw.kind === 'sqlite') {
    const row = returning
      ? (raw.client.prepare(statement).get(...params.map(sqliteParameter)) as Row)
      : (raw.client.prepare(statement).run(...params.map(sqliteParameter)), undefined);
    return row?.id;
  }
  const rows = await raw.client.unsafe<Row[]>(statement, params as never[]);
  return rows[0]?.id;
}

const sqliteParameter = (value: unknown) => (typeof value === 'boolean' ? Number(value) : value);

/** What the populated database holds, to be checked after the upgrade (ids, secrets, the samples). */
export interface Population {
  anna: { id: string; email: string; sessionToken: string; profile: ProfileFields };
  ben: { id: string; email: string };
  cleo: { id: string };
  dora: { id: string };
  emil: { id: string; email: string };
  conversationId: string;
  messages: string[];
  reportNote: string;
}

/** Fills a database of any earlier version with members, their profiles, conversations and all the rest. */
export async function populate(raw: Raw): Promise<Population> {
  const passwordHash = await hashPassword(TEST_PASSWORD);
  const now = new Date();
  const day = 86_400_000;
  const ago = (days: number) => new Date(now.getTime() - days * day);
  const profile: ProfileFields = {
    ...sampleProfile(),
    name: 'Anna Upgrade',
    interests: [...ONBOARDED_INTERESTS],
    story: ONBOARDED_STORY,
  };
  const member = (name: string, extra: Row = {}): Row => ({
    id: newId(),
    email: `${name.toLowerCase()}-${newId().slice(0, 6).toLowerCase()}@example.com`,
    passwordHash,
    name,
    emailVerified: true,
    language: 'en',
    interests: [...ONBOARDED_INTERESTS],
    story: ONBOARDED_STORY,
    photoKey: `${name.toLowerCase()}.webp`,
    createdAt: ago(30),
    updatedAt: ago(2),
    ...extra,
  });
  // Anna's place is her profile sample's (Munich) where the version has places; before, she typed a town that
  // no gazetteer knows, which stays as typed.
  const anna = member('Anna', {
    ...profile,
    city: 'Atlantis Nord',
    hasPaid: true,
    language: 'de',
    unsubscribeKey: 'annas-key',
  });
  const ben = member('Ben', {
    hasFreeAccess: true,
    city: 'Leipzig',
    newInTown: 'newHere',
    newInTownMonth: '2026-09',
  });
  const cleo = member('Cleo', { emailVerified: false, interests: [], story: '', photoKey: null });
  const dora = member('', {
    email: null,
    passwordHash: null,
    interests: [],
    story: '',
    photoKey: null,
    deletedAt: ago(3),
  });
  const emil = member('Emil', { hasFreeAccess: true, suspendedAt: ago(1) });
  for (const row of [anna, ben, cleo, dora, emil]) await insert(raw, 'members', row);

  const sessions = [anna, ben].map((m) => ({ member: m, issued: issueToken() }));
  for (const { member: m, issued } of sessions) {
    await insert(raw, 'sessions', {
      id: issued.token.split('.')[0],
      memberId: m.id,
      secretHash: issued.secretHash,
      createdAt: ago(1),
      expiresAt: new Date(now.getTime() + 29 * day),
      lastUsedAt: ago(1),
    });
  }
  await insert(raw, 'authTokens', {
    id: newId(),
    memberId: cleo.id,
    purpose: 'verifyEmail',
    secretHash: issueToken().secretHash,
    email: cleo.email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + day),
  });
  await insert(raw, 'favorites', { memberId: anna.id, favoriteId: ben.id, createdAt: ago(5) });
  await insert(raw, 'blocks', { blockerId: ben.id, blockedId: emil.id, createdAt: ago(4) });

  const conversationId = newId();
  const texts = ['Hallo Ben! Wie geht’s?', 'Hi Anna, great, thanks!', 'Kaffee am Samstag?'];
  // A fresh database numbers messages from 1, so the last of the three is 3.
  await insert(raw, 'conversations', {
    id: conversationId,
    pairKey: [anna.id, ben.id].sort().join(':'),
    createdAt: ago(10),
    lastMessageId: texts.length,
    lastMessageAt: ago(1),
  });
  await insert(raw, 'conversationParticipants', { conversationId, memberId: anna.id, unreadCount: 0 });
  await insert(raw, 'conversationParticipants', { conversationId, memberId: ben.id, unreadCount: 1 });
  for (const [i, body] of texts.entries()) {
    const [from, to] = i % 2 === 0 ? [anna, ben] : [ben, anna];
    await insert(raw, 'messages', {
      conversationId,
      senderId: from.id,
      recipientId: to.id,
      clientId: `upgrade-${i}`,
      body,
      createdAt: ago(3 - i),
      readAt: i < 2 ? ago(1) : null,
    });
  }

  await insert(raw, 'payments', {
    id: newId(),
    memberId: anna.id,
    stripePaymentIntentId: `pi_upgrade_${anna.id}`,
    amount: 3000,
    currency: 'eur',
    status: 'succeeded',
    createdAt: ago(20),
    updatedAt: ago(20),
  });
  await insert(raw, 'webhookEvents', {
    id: `evt_upgrade_${anna.id}`,
    type: 'payment_intent.succeeded',
    processedAt: ago(20),
  });
  await insert(raw, 'feedback', {
    id: newId(),
    memberId: anna.id,
    rating: 5,
    type: CATALOGS.feedbackTypes[0],
    suggestions: 'More meetups',
    liked: 'The people',
    easeOfConnection: CATALOGS.easeOfConnection[0],
    comments: null,
    language: 'de',
    createdAt: ago(7),
  });
  await insert(raw, 'contactMessages', {
    id: newId(),
    memberId: null,
    name: 'A visitor',
    email: 'visitor@example.com',
    subject: 'Hello',
    message: 'Is Amiko in Leipzig?',
    language: 'en',
    createdAt: ago(6),
  });
  await insert(raw, 'pageViews', {
    path: '/pricing',
    visitorId: 'v-upgrade',
    language: 'en',
    createdAt: ago(1),
  });
  await insert(raw, 'outgoingMail', {
    kind: 'verifyEmail',
    to: cleo.email,
    subject: 'Verify',
    text: 'text',
    html: '<p>html</p>',
    language: 'en',
    createdAt: ago(1),
    sentAt: ago(1),
    error: null,
  });
  const reportNote = 'He wrote to me every night.';
  const reportId = newId();
  await insert(raw, 'reports', {
    id: reportId,
    reporterId: anna.id,
    reportedId: emil.id,
    reason: 'harassment',
    note: reportNote,
    status: 'open',
    evidence: [{ id: 1, senderId: emil.id, body: 'Answer me!', createdAt: ago(2).getTime() }],
    createdAt: ago(2),
  });
  await insert(raw, 'moderationActions', {
    action: 'suspend',
    memberId: emil.id,
    reportId,
    actor: 'ops',
    reason: 'harassment',
    createdAt: ago(1),
  });
  await insert(raw, 'jobs', {
    kind: 'messageMail',
    key: `messageMail:${ben.id}:${conversationId}`,
    memberId: ben.id,
    payload: { conversationId, senderId: anna.id },
    runAt: new Date(now.getTime() + day),
    createdAt: ago(1),
  });
  // Anna gets Web Push on the device of her first session.
  await insert(raw, 'pushSubscriptions', {
    id: 'push-anna-phone',
    memberId: anna.id,
    sessionId: sessions[0]!.issued.token.split('.')[0],
    endpoint: 'https://fcm.googleapis.com/fcm/send/anna-phone',
    p256dh: `B${'A'.repeat(86)}`,
    auth: 'A'.repeat(22),
    device: 'Chrome on Android',
    createdAt: ago(1),
  });
  // Anna started a board games pod in Hamburg; Ben is in it, Cleo asked to join (issue 34).
  await insert(raw, 'pods', {
    id: 'pod-board-games-hamburg',
    name: 'Board games Hamburg',
    kind: 'interests',
    interests: ['boardGames'],
    languages: ['de', 'en'],
    level: null,
    placeId: 2911298,
    description: 'Catan and coffee on Sundays',
    sizeLimit: 6,
    joinRule: 'ask',
    startedBy: anna.id,
    createdAt: ago(3),
  });
  await insert(raw, 'podMembers', {
    podId: 'pod-board-games-hamburg',
    memberId: anna.id,
    role: 'starter',
    joinedAt: ago(3),
    // Ben's answer below (a version that counts unread pod messages kept the count; an earlier one's
    // upgrade counts it).
    unreadCount: 1,
  });
  await insert(raw, 'podMembers', {
    podId: 'pod-board-games-hamburg',
    memberId: ben.id,
    role: 'member',
    joinedAt: ago(2),
    lastReadMessageId: 1,
  });
  // Anna wrote in the pod's chat, and Ben has read it.
  await insert(raw, 'podMessages', {
    podId: 'pod-board-games-hamburg',
    senderId: anna.id,
    clientId: 'upgrade-pod-1',
    body: 'Catan on Sunday at three?',
    createdAt: ago(2),
  });
  // Ben answered, and Anna has not read it yet: one unread message for her in the pod.
  await insert(raw, 'podMessages', {
    podId: 'pod-board-games-hamburg',
    senderId: ben.id,
    clientId: 'upgrade-pod-2',
    body: 'Yes, I will bring Carcassonne too',
    createdAt: ago(1),
  });
  await insert(raw, 'podRequests', {
    podId: 'pod-board-games-hamburg',
    memberId: cleo.id,
    createdAt: ago(1),
  });
  // Anna removed Dora from the pod, Ben reported her from it with the pod's messages as evidence, and the
  // moderation log holds an operator's removal (issue 34, pod moderation).
  await insert(raw, 'podRemovals', {
    podId: 'pod-board-games-hamburg',
    memberId: dora.id,
    removedBy: anna.id,
    actor: null,
    reason: 'Rude to everyone',
    createdAt: ago(1),
  });
  await insert(raw, 'reports', {
    id: newId(),
    reporterId: ben.id,
    reportedId: dora.id,
    reason: 'harassment',
    note: null,
    status: 'open',
    evidence: [{ id: 1, senderId: anna.id, body: 'Catan on Sunday at three?', createdAt: ago(2).getTime() }],
    podId: 'pod-board-games-hamburg',
    podMessageId: 1,
    createdAt: ago(1),
  });
  await insert(raw, 'moderationActions', {
    action: 'pod-remove',
    memberId: dora.id,
    actor: 'ops',
    reason: 'Rude to everyone',
    podId: 'pod-board-games-hamburg',
    createdAt: ago(1),
  });
  // Anna started a pottery pod from a suggestion, which invited Ben (issue 34.3).
  await insert(raw, 'pods', {
    id: 'pod-pottery-hamburg',
    name: 'Pottery Hamburg',
    kind: 'interests',
    interests: ['pottery'],
    languages: ['de'],
    level: null,
    placeId: 2911298,
    description: '',
    sizeLimit: 6,
    joinRule: 'open',
    startedBy: anna.id,
    createdAt: ago(1),
  });
  await insert(raw, 'podMembers', {
    podId: 'pod-pottery-hamburg',
    memberId: anna.id,
    role: 'starter',
    joinedAt: ago(1),
  });
  await insert(raw, 'podInvitations', { podId: 'pod-pottery-hamburg', memberId: ben.id, createdAt: ago(1) });
  await insert(raw, 'podSuggestionAnswers', { memberId: anna.id, interest: 'pottery', answeredAt: ago(1) });
  // Anna proposed a meetup of the pottery pod in two days and is going (issue 35).
  await insert(raw, 'meetups', {
    id: 'meetup-pottery-hamburg',
    podId: 'pod-pottery-hamburg',
    proposedBy: anna.id,
    startsAt: ago(-2),
    timeZone: 'Europe/Berlin',
    venueKind: 'cafe',
    venueName: 'Café Clay',
    venueAddress: 'Schanzenstraße 1, Hamburg',
    onlineLink: null,
    language: 'de',
    capacity: 6,
    createdAt: ago(1),
  });
  await insert(raw, 'meetupRsvps', {
    meetupId: 'meetup-pottery-hamburg',
    memberId: anna.id,
    status: 'going',
    askedAt: ago(1),
  });
  // Her proposal is a card in the pod's chat (issue 35.1).
  await insert(raw, 'podMessages', {
    podId: 'pod-pottery-hamburg',
    senderId: anna.id,
    clientId: 'meetup:meetup-pottery-hamburg',
    body: '',
    createdAt: ago(1),
    meetupId: 'meetup-pottery-hamburg',
  });
  // A meetup of the pottery pod a week ago, Anna and Cleo going, Ben who gave up his place an hour before it;
  // Anna answered "who came" and would like to meet Cleo again (issue 35.5-6).
  await insert(raw, 'meetups', {
    id: 'meetup-pottery-hamburg-past',
    podId: 'pod-pottery-hamburg',
    proposedBy: anna.id,
    startsAt: ago(7),
    timeZone: 'Europe/Berlin',
    venueKind: 'cafe',
    venueName: 'Café Clay',
    venueAddress: 'Schanzenstraße 1, Hamburg',
    onlineLink: null,
    language: 'de',
    capacity: 6,
    createdAt: ago(9),
  });
  for (const [memberId, status] of [
    [anna.id, 'going'],
    [cleo.id, 'going'],
    [ben.id, 'cantGo'],
  ] as const)
    await insert(raw, 'meetupRsvps', {
      meetupId: 'meetup-pottery-hamburg-past',
      memberId,
      status,
      askedAt: ago(8),
      gaveUpAt: status === 'cantGo' ? new Date(ago(7).getTime() - 3_600_000) : null,
    });
  for (const [memberId, came] of [
    [anna.id, true],
    [cleo.id, true],
  ] as const)
    await insert(raw, 'meetupAttendance', {
      meetupId: 'meetup-pottery-hamburg-past',
      markerId: anna.id,
      memberId,
      came,
      markedAt: ago(6),
    });
  await insert(raw, 'meetupAgain', {
    meetupId: 'meetup-pottery-hamburg-past',
    chooserId: anna.id,
    chosenId: cleo.id,
    again: true,
    answeredAt: ago(6),
  });
  // Cleo reported Anna after it, from "Who came?" (issue 35.7): the pod's messages kept, the meetup named.
  await insert(raw, 'reports', {
    id: newId(),
    reporterId: cleo.id,
    reportedId: anna.id,
    reason: 'other',
    note: 'Did not respect a no',
    status: 'open',
    evidence: [],
    podId: 'pod-pottery-hamburg',
    podMessageId: null,
    meetupId: 'meetup-pottery-hamburg-past',
    createdAt: ago(0.5),
  });
  // Two members hold early-access places (Ben, Emil).
  await insert(raw, 'appCounters', { name: 'earlyAccess', value: 2 }, { upsert: 'name' });

  return {
    anna: {
      id: anna.id as string,
      email: anna.email as string,
      sessionToken: sessions[0]!.issued.token,
      profile,
    },
    ben: { id: ben.id as string, email: ben.email as string },
    cleo: { id: cleo.id as string },
    dora: { id: dora.id as string },
    emil: { id: emil.id as string, email: emil.email as string },
    conversationId,
    messages: texts,
    reportNote,
  };
}

/** Every row of every table, keyed by table and primary key, as the driver reads it. */
export async function snapshot(raw: Raw): Promise<Map<string, Map<string, Row>>> {
  const tables = new Map<string, Map<string, Row>>();
  for (const table of Object.values(pgSchema) as PgTable[]) {
    const name = getTableName(table);
    if ((await columnsOf(raw, name)).size === 0) continue;
    const config = pgTableConfig(table);
    const keyColumns =
      config.primaryKeys[0]?.columns.map((c) => c.name) ??
      config.columns.filter((c) => c.primary).map((c) => c.name);
    const rows =
      raw.kind === 'sqlite'
        ? (raw.client.prepare(`SELECT * FROM "${name}"`).all() as Row[])
        : await raw.client.unsafe<Row[]>(`SELECT * FROM "${name}"`);
    tables.set(name, new Map(rows.map((row) => [JSON.stringify(keyColumns.map((c) => row[c])), row])));
  }
  return tables;
}
