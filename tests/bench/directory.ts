// `pnpm bench directory [--members 100000[,1000000]] [--requests 300] [--pg postgres://…] [--sqlite-only]
//  [--count kernel,plain,kernel,plain]`
//
// Seeds N demo members into a fresh SQLite database and (with --pg or TEST_DATABASE_URL) a fresh PostgreSQL
// database, then asks for directory pages through the real procedure (validation, the index catch-up, the
// blocked-members query, the card rows) as verified members would, one after another. It prints p50 and
// p95 per filter mix beside a bare baseline measured in the same run (one prepared primary-key lookup),
// and checks the targets: p95 ≤ 25 ms per page, and with several sizes, the largest no more than twice the
// smallest. --count runs each size once per count implementation listed, in that order (the WebAssembly
// kernel or the same algorithm in plain TypeScript; list them alternating), and prints plain ÷ kernel.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  appRouter,
  createCallerFactory,
  setDirectoryCount,
  type Context,
  type RouterInputs,
} from '@amiko/api';
import { createDemoAvatars, prepared, seedMembers } from '@amiko/db';
import { loadPlaces } from '@amiko/places';
import { createServer } from '@amiko/server';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase, type TestDialect } from '../support/database.ts';

const TARGET_P95_MS = 25;
const SCALING_LIMIT = 2;
const ROUNDS = 5;

type Query = RouterInputs['community']['directory'];
interface Mix {
  name: string;
  visitor?: boolean;
  /** Pages to load (untimed) before the measured one: Load More. */
  skipPages?: number;
  query(viewerInterests: string[]): Query;
}

const MIXES: Mix[] = [
  { name: 'newest, no filters', query: () => ({ sort: 'newest' }) },
  { name: 'shared interests, no filters', query: () => ({ sort: 'sharedInterests' }) },
  { name: 'shared + country', query: () => ({ filters: { country: 'de' } }) },
  {
    name: 'shared + age 25–40 + gender',
    query: () => ({ filters: { age: { minAge: 25, maxAge: 40 }, gender: 'female' } }),
  },
  {
    name: 'newest + languages + looking for',
    query: () => ({ sort: 'newest', filters: { languages: ['fr', 'es'], lookingFor: ['friendship'] } }),
  },
  {
    name: 'shared + 2 interests searched',
    query: (mine) => ({ filters: { interests: mine.slice(0, 2) as never } }),
  },
  { name: 'newest + city (part of name)', query: () => ({ sort: 'newest', filters: { city: 'ber' } }) },
  { name: 'shared + new members', query: () => ({ filters: { newMembers: true } }) },
  { name: 'recently active, no filters', query: () => ({ sort: 'recentlyActive' }) },
  {
    name: 'recently active + age + city',
    query: () => ({ sort: 'recentlyActive', filters: { age: { minAge: 25, maxAge: 40 }, city: 'ber' } }),
  },
  { name: 'recently active, page 3 (Load More)', skipPages: 2, query: () => ({ sort: 'recentlyActive' }) },
  { name: 'shared + newcomers', query: () => ({ filters: { newInTown: 'newcomers' } }) },
  {
    name: 'newest + welcomers + city',
    query: () => ({ sort: 'newest', filters: { newInTown: 'welcomers', city: 'ber' } }),
  },
  { name: 'shared, page 3 (Load More)', skipPages: 2, query: () => ({}) },
  // Near me (issue 33), around the viewer's own place.
  { name: 'shared + within 25 km', query: () => ({ filters: { withinKm: 25 } }) },
  {
    name: 'shared + within 25 km + 2 interests',
    query: (mine) => ({ filters: { withinKm: 25, interests: mine.slice(0, 2) as never } }),
  },
  {
    name: 'newest + within 100 km + newcomers',
    query: () => ({ sort: 'newest', filters: { withinKm: 100, newInTown: 'newcomers' } }),
  },
  { name: 'nearby first', query: () => ({ sort: 'nearby' }) },
  { name: 'nearby first, page 3 (Load More)', skipPages: 2, query: () => ({ sort: 'nearby' }) },
  {
    name: 'shared + everything',
    query: () => ({
      filters: {
        age: { minAge: 20, maxAge: 60 },
        country: 'de',
        languages: ['en'],
        lookingFor: ['friendship', 'activityPartner'],
        newMembers: true,
      },
    }),
  },
  { name: 'visitor (newest, less detail)', visitor: true, query: () => ({}) },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface Figures {
  p50: number;
  p95: number;
}

async function measure(times: number, fn: (i: number) => Promise<unknown>): Promise<Figures> {
  for (let i = 0; i < Math.min(20, times); i += 1) await fn(i); // warm-up
  const durations: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const start = performance.now();
    await fn(i);
    durations.push(performance.now() - start);
  }
  durations.sort((a, b) => a - b);
  return { p50: percentile(durations, 50), p95: percentile(durations, 95) };
}

const ms = (n: number) => n.toFixed(2).padStart(7);

async function benchDialect(dialect: TestDialect, members: number, requests: number) {
  const database = await createTestDatabase(dialect);
  const uploads = mkdtempSync(join(tmpdir(), 'amiko-bench-'));
  const server = createServer({
    env: {
      NODE_ENV: 'development',
      DATABASE_URL: database.url,
      UPLOADS_DIR: uploads,
      LOG_LEVEL: 'silent',
      RATE_LIMITS: undefined,
    },
    logger: false,
  });
  try {
    const { deps } = server;
    await server.database.migrate();
    let started = Date.now();
    const ids = await seedMembers(server.database, {
      count: members,
      photoKeys: await createDemoAvatars(uploads, 8),
      seed: 42,
    });
    console.log(
      `\n${dialect}: seeded ${members.toLocaleString('en')} members in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    // Viewers: seeded members with a place (the near-me mixes measure from it), signed in as verified
    // members would be.
    const { db, t } = server.database;
    const viewers: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      for (let at = Math.floor((i + 0.5) * (ids.length / 40)); at < ids.length; at += 1) {
        const [row] = await db
          .select({ placeId: t.members.placeId })
          .from(t.members)
          .where(eq(t.members.id, ids[at]!));
        if (row?.placeId != null) {
          viewers.push(ids[at]!);
          break;
        }
      }
    }
    const createCaller = createCallerFactory(appRouter);
    const context = (memberId: string | null): Context => ({
      deps,
      session: memberId
        ? {
            id: 'bench',
            expiresAt: new Date(Date.now() + 86_400_000),
            renewed: false,
            member: {
              id: memberId,
              emailVerified: true,
              hasPaid: false,
              hasFreeAccess: true,
              language: 'en',
            },
          }
        : null,
      ip: '127.0.0.1',
      language: 'en',
      setSessionCookie: () => undefined,
      clearSessionCookie: () => undefined,
      deviceCookie: null,
      setDeviceCookie: () => undefined,
    });
    const callers = viewers.map((id) => createCaller(context(id)));
    const visitor = createCaller(context(null));
    const interestsOf = new Map<string, string[]>();
    for (const id of viewers) {
      const [row] = await db
        .select({ interests: t.members.interests })
        .from(t.members)
        .where(eq(t.members.id, id));
      interestsOf.set(id, row?.interests ?? []);
    }
    // A few blocks, as in real life: the per-request blocked query has rows to find.
    for (let i = 0; i < viewers.length; i += 2) {
      await db
        .insert(t.blocks)
        .values({ blockerId: viewers[i]!, blockedId: ids[i * 7 + 3]!, createdAt: new Date() });
    }

    // The gazetteer is loaded already (by the seed or here), so the figures below are the index's alone.
    loadPlaces();
    globalThis.gc?.();
    const before = process.memoryUsage();
    started = Date.now();
    await callers[0]!.community.directory({});
    globalThis.gc?.();
    const after = process.memoryUsage();
    const heapMb = (after.heapUsed - before.heapUsed) / 1024 / 1024;
    // Typed arrays and the counting kernel's WebAssembly memory live outside the heap.
    const buffersMb = (after.arrayBuffers - before.arrayBuffers) / 1024 / 1024;
    const perMember = ((heapMb + buffersMb) * 1024 * 1024) / members;
    console.log(
      `${dialect}: directory index built on the first request in ${Date.now() - started} ms (heap +${heapMb.toFixed(0)} MB, array buffers +${buffersMb.toFixed(0)} MB: ${perMember.toFixed(0)} bytes per member)`,
    );

    const byId = prepared(
      'bench_member_by_id',
      db
        .select({ id: t.members.id, name: t.members.name })
        .from(t.members)
        .where(eq(t.members.id, sql.placeholder('id'))),
    );
    // The cursor of the page before the measured one, per viewer and mix (Load More), fetched untimed.
    const cursors = new Map<string, string | null>();
    for (const mix of MIXES.filter((m) => m.skipPages)) {
      for (let v = 0; v < callers.length; v += 1) {
        let cursor: string | null = null;
        for (let p = 0; p < mix.skipPages!; p += 1) {
          cursor = (await callers[v]!.community.directory({ ...mix.query([]), cursor })).nextCursor;
        }
        cursors.set(`${mix.name}:${v}`, cursor);
      }
    }
    // Measured in rounds, each mix once per round, and the median round taken: a burst of load from
    // something else on the machine spoils one round, not the figure.
    const perRound = Math.max(20, Math.ceil(requests / ROUNDS));
    const rounds: { baseline: Figures; mixes: Figures[] }[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const baseline = await measure(perRound, (i) => byId.execute({ id: viewers[i % viewers.length]! }));
      const mixes: Figures[] = [];
      for (const mix of MIXES) {
        mixes.push(
          await measure(perRound, (i) => {
            const v = i % callers.length;
            const caller = mix.visitor ? visitor : callers[v]!;
            const query = mix.query(interestsOf.get(viewers[v]!) ?? []);
            return caller.community.directory({ ...query, cursor: cursors.get(`${mix.name}:${v}`) ?? null });
          }),
        );
      }
      rounds.push({ baseline, mixes });
    }
    const median = (figures: Figures[]): Figures => ({
      p50: [...figures.map((f) => f.p50)].sort((a, b) => a - b)[Math.floor(figures.length / 2)]!,
      p95: [...figures.map((f) => f.p95)].sort((a, b) => a - b)[Math.floor(figures.length / 2)]!,
    });
    const baseline = median(rounds.map((r) => r.baseline));

    console.log(
      `${'mix'.padEnd(36)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p50 ×'.padStart(7)} ${'p95 ×'.padStart(7)}  target`,
    );
    const line = (name: string, f: Figures, check: boolean) =>
      console.log(
        `${name.padEnd(36)} ${ms(f.p50)} ${ms(f.p95)} ${(f.p50 / baseline.p50).toFixed(0).padStart(7)} ${(f.p95 / baseline.p95).toFixed(0).padStart(7)}  ${check ? (f.p95 <= TARGET_P95_MS ? 'ok' : `OVER ${TARGET_P95_MS} ms`) : ''}`,
      );
    line('baseline: primary-key lookup', baseline, false);
    const results: Record<string, Figures> = {};
    let worst = 0;
    MIXES.forEach((mix, m) => {
      const figures = median(rounds.map((r) => r.mixes[m]!));
      results[mix.name] = figures;
      worst = Math.max(worst, figures.p95);
      line(mix.name, figures, true);
    });
    console.log(`${dialect}: worst p95 ${worst.toFixed(2)} ms (target ≤ ${TARGET_P95_MS} ms per page)`);
    return { baseline, results, worst };
  } finally {
    await server.stop().catch(() => server.database.close());
    rmSync(uploads, { recursive: true, force: true });
    await database.drop();
  }
}

export async function run(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      members: { type: 'string', default: '100000' },
      requests: { type: 'string', default: '300' },
      pg: { type: 'string' },
      'sqlite-only': { type: 'boolean', default: false },
      count: { type: 'string', default: 'kernel' },
    },
  });
  const sizes = values.members.split(',').map(Number);
  const counts = values.count.split(',') as ('kernel' | 'plain')[];
  if (counts.some((c) => c !== 'kernel' && c !== 'plain')) throw new Error('--count: kernel or plain');
  const requests = Number(values.requests);
  const pgUrl = values['sqlite-only'] ? undefined : (values.pg ?? process.env.TEST_DATABASE_URL);
  if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl;
  const dialects: TestDialect[] = pgUrl ? ['sqlite', 'postgres'] : ['sqlite'];
  if (!pgUrl) console.log('PostgreSQL: skipped (pass --pg postgres://… or set TEST_DATABASE_URL).');

  let failed = false;
  for (const dialect of dialects) {
    const runs: { count: string; members: number; worst: number; results: Record<string, Figures> }[] = [];
    for (const members of sizes) {
      for (const count of counts) {
        setDirectoryCount(count);
        if (counts.length > 1)
          console.log(`\n${dialect}, ${members.toLocaleString('en')} members: ${count} count`);
        const { worst, results } = await benchDialect(dialect, members, requests);
        runs.push({ count, members, worst, results });
        if (worst > TARGET_P95_MS) failed = true;
      }
    }
    for (const count of new Set(counts)) {
      const bySize = sizes.map((members) => runs.find((r) => r.count === count && r.members === members)!);
      if (bySize.length < 2) continue;
      const smallest = bySize[0]!;
      const largest = bySize.at(-1)!;
      const [from, to] = [smallest.members.toLocaleString('en'), largest.members.toLocaleString('en')];
      console.log(`\n${dialect} (${count} count): p95 at ${to} members ÷ p95 at ${from}`);
      for (const mix of MIXES) {
        const ratio = largest.results[mix.name]!.p95 / smallest.results[mix.name]!.p95;
        console.log(`${mix.name.padEnd(36)} ${ratio.toFixed(2).padStart(7)}×`);
      }
      const ratio = largest.worst / smallest.worst;
      console.log(
        `${dialect}: worst p95 at ${to} members is ${ratio.toFixed(2)}× the worst at ${from} (target ≤ ${SCALING_LIMIT}×): ${ratio <= SCALING_LIMIT ? 'ok' : 'OVER'}`,
      );
      if (ratio > SCALING_LIMIT) failed = true;
    }
    if (new Set(counts).size > 1) printPlainOverKernel(dialect, runs);
  }
  if (failed) process.exitCode = 1;
}

/** Per size, each mix's p50 and p95 with the plain count ÷ with the kernel (runs of a kind: their median). */
function printPlainOverKernel(
  dialect: string,
  runs: { count: string; members: number; results: Record<string, Figures> }[],
) {
  const medianOf = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
  for (const members of new Set(runs.map((r) => r.members))) {
    const of = (count: string, mix: string, key: keyof Figures) =>
      medianOf(
        runs.filter((r) => r.count === count && r.members === members).map((r) => r.results[mix]![key]),
      );
    console.log(`\n${dialect}, ${members.toLocaleString('en')} members: plain count ÷ kernel`);
    console.log(`${'mix'.padEnd(36)} ${'p50 ×'.padStart(7)} ${'p95 ×'.padStart(7)}`);
    for (const mix of MIXES) {
      const p50 = of('plain', mix.name, 'p50') / of('kernel', mix.name, 'p50');
      const p95 = of('plain', mix.name, 'p95') / of('kernel', mix.name, 'p95');
      console.log(`${mix.name.padEnd(36)} ${p50.toFixed(2).padStart(7)} ${p95.toFixed(2).padStart(7)}`);
    }
  }
}
