import { hashPassword } from '@amiko/auth';
import { type UiLanguage } from '@amiko/core';
import { sessionCookieName } from '@amiko/server';
import { newId, type Database, type Schema } from '@amiko/db';
import { eq, sql } from 'drizzle-orm';
import type { TestClient, TestServer } from './server.ts';

export const TEST_PASSWORD = 'Amiko-test-1';
let passwordHash: Promise<string> | null = null;

export type MemberRow = Schema['members']['$inferInsert'];

export interface TestMemberOptions extends Partial<Omit<MemberRow, 'id'>> {
  /** Email verified (default true). */
  verified?: boolean;
  /** Photo, 10 interests and a 300-character story, i.e. past onboarding (default true). */
  onboarded?: boolean;
  access?: 'free' | 'paid' | 'none';
  language?: UiLanguage;
}

export interface TestMember extends InsertedMember {
  /** A client signed in as this member (its own cookie jar). */
  client: TestClient;
}

let counter = 0;

export const ONBOARDED_INTERESTS = [
  'hiking',
  'photography',
  'cooking',
  'boardGames',
  'reading',
  'travel',
  'yoga',
  'gardening',
  'painting',
  'volunteering',
] as const;

/** A story long enough to finish onboarding (STORY_MIN_LENGTH is 300; the test below keeps it so). */
export const ONBOARDED_STORY =
  'I moved to a new city last spring and knew nobody. I love long walks by the river, board games on rainy ' +
  'evenings, cooking food from home for new friends, and learning the language of my neighbours. I am looking ' +
  'for people who like to talk about books, try new cafés and go hiking at the weekend, and maybe share a picnic.';

export interface InsertedMember {
  id: string;
  email: string;
  name: string;
  password: string;
}

/**
 * Puts a member straight into the database (faster than signing up through the API, and able to create
 * any state). The password is TEST_PASSWORD.
 */
export async function insertMember(
  database: Database,
  options: TestMemberOptions = {},
): Promise<InsertedMember> {
  const { verified = true, onboarded = true, access = 'free', ...fields } = options;
  counter += 1;
  const id = newId();
  const name = fields.name ?? `Member ${counter}`;
  const email = fields.email ?? `member${counter}-${id.slice(0, 6).toLowerCase()}@example.com`;
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const now = new Date();
  await database.db.insert(database.t.members).values({
    id,
    name,
    email,
    passwordHash: await passwordHash,
    emailVerified: verified,
    hasFreeAccess: access === 'free',
    hasPaid: access === 'paid',
    language: options.language ?? 'en',
    createdAt: now,
    ...(onboarded
      ? { photoKey: 'test-photo.webp', interests: [...ONBOARDED_INTERESTS], story: ONBOARDED_STORY }
      : {}),
    ...fields,
  } as MemberRow);
  // A member with early access holds one of the places, as if they had verified their address: the public
  // number counts it (packages/api/src/services/early-access.ts).
  if (access === 'free') {
    await database.db
      .update(database.t.appCounters)
      .set({ value: sql`${database.t.appCounters.value} + 1` })
      .where(eq(database.t.appCounters.name, 'earlyAccess'));
  }
  return { id, email, name, password: TEST_PASSWORD };
}

/** A member in the database and a client signed in as them through a real session. */
export async function createMember(ts: TestServer, options: TestMemberOptions = {}): Promise<TestMember> {
  const member = await insertMember(ts.server.database, options);
  const client = ts.client();
  const { token } = await ts.server.deps.sessions.create(member.id);
  // The cookie the server reads: with the __Host- prefix when it runs in production.
  client.http.cookies.set(sessionCookieName({ secure: ts.server.deps.config.production }), token);
  return { ...member, client };
}
