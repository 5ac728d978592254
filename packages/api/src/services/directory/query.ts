import { prepared, timeParameter, type Database, type Member } from '@amiko/db';
import { and, asc, eq, gt, gte, or, sql } from 'drizzle-orm';
import type { Logger } from '../../logger.ts';
import { DirectoryIndexBuilder, type DirectoryEntry, type DirectoryIndex } from './member-index.ts';

// Keeps this process's directory index in step with the database (docs/decisions.md, "The directory
// index"). The index is built on first use from every member row, then before each answer it reads the
// rows whose updated_at is newer than the last read (minus an overlap): one indexed range read that is
// empty while nobody changes anything. Every process does the same, so any number of server processes
// stay correct. A process also applies its own writes at once (the next catch-up would find them too).

/**
 * How far back each catch-up reads again. A row is stamped (updated_at) just before its statement
 * commits; the overlap covers the time between the two, and clock differences between processes.
 */
export const CATCH_UP_OVERLAP_MS = 2000;
const READ_CHUNK = 5000;

export interface Directory {
  /** The index, up to date with every write committed before the call (built on first use). */
  current(): Promise<DirectoryIndex>;
  /** Builds the index now, in the background of start-up, so the first member does not wait for it. */
  warm(): Promise<void>;
  /** Whether the index is built (readiness waits for it). */
  isBuilt(): boolean;
  /** Applies a member row this process has just written (profile or photo saves). */
  apply(row: Member): void;
  /** Members in the index (listed or not), null before it is built: for the metrics. */
  size(): number | null;
}

export interface DirectoryOptions {
  log?: Logger;
  /** Told when the index is built: how many members, in how many seconds (for the metrics). */
  onBuilt?: (members: number, seconds: number) => void;
}

type EntryRow = Omit<DirectoryEntry, 'hasPhoto'> & { photoKey: string | null; suspendedAt: Date | null };

function toEntry(row: EntryRow): DirectoryEntry {
  const { photoKey, suspendedAt, ...rest } = row;
  // The index lists nobody whose deletedAt is set; a suspended member is hidden the same way until the
  // suspension is lifted (both arrive through updated_at like any other change of the row).
  return { ...rest, deletedAt: rest.deletedAt ?? suspendedAt, hasPhoto: photoKey !== null };
}

export function memberToEntry(member: Member): DirectoryEntry {
  return toEntry({ ...member, storyLength: member.story.length });
}

export function createDirectory(database: Database, { log, onBuilt }: DirectoryOptions = {}): Directory {
  const { db, t } = database;
  const columns = {
    id: t.members.id,
    createdAt: t.members.createdAt,
    updatedAt: t.members.updatedAt,
    deletedAt: t.members.deletedAt,
    suspendedAt: t.members.suspendedAt,
    birthday: t.members.birthday,
    gender: t.members.gender,
    country: t.members.country,
    city: t.members.city,
    placeId: t.members.placeId,
    nativeLanguage: t.members.nativeLanguage,
    otherLanguages: t.members.otherLanguages,
    lookingFor: t.members.lookingFor,
    interests: t.members.interests,
    photoKey: t.members.photoKey,
    lastActiveAt: t.members.lastActiveAt,
    showActivity: t.members.showActivity,
    newInTown: t.members.newInTown,
    welcomesNewcomers: t.members.welcomesNewcomers,
    // Stories are saved trimmed, so their stored length is the length onboarding counts.
    storyLength: sql<number>`length(${t.members.story})`.mapWith(Number),
  };
  // The steady-state read, prepared once: rows changed since `since`, oldest first.
  const changedSince = prepared(
    'directory_changed_since',
    db
      .select(columns)
      .from(t.members)
      .where(gte(t.members.updatedAt, sql.placeholder('since')))
      .orderBy(asc(t.members.updatedAt), asc(t.members.id))
      .limit(READ_CHUNK),
  );

  let index: DirectoryIndex | null = null;
  let building: Promise<DirectoryIndex> | null = null;
  /** Rows changed at or after this time (minus the overlap) are read again at the next catch-up. */
  let watermark = 0;

  async function build(): Promise<DirectoryIndex> {
    const started = Date.now();
    const builder = new DirectoryIndexBuilder();
    for (let after = ''; ;) {
      const rows = await db
        .select(columns)
        .from(t.members)
        .where(gt(t.members.id, after))
        .orderBy(asc(t.members.id))
        .limit(READ_CHUNK);
      for (const row of rows) builder.add(toEntry(row));
      if (rows.length < READ_CHUNK) break;
      after = rows.at(-1)!.id;
    }
    const built = builder.build();
    watermark = started;
    log?.info({ members: built.size, ms: Date.now() - started }, 'directory index built');
    onBuilt?.(built.size, (Date.now() - started) / 1000);
    return built;
  }

  async function catchUp(target: DirectoryIndex): Promise<void> {
    const started = Date.now();
    let rows = await changedSince.execute({
      since: timeParameter(database, new Date(watermark - CATCH_UP_OVERLAP_MS)),
    });
    for (;;) {
      for (const row of rows) target.upsert(toEntry(row));
      if (rows.length < READ_CHUNK) break;
      // A burst of changes (a bulk import): continue after the last row read.
      const last = rows.at(-1)!;
      rows = await db
        .select(columns)
        .from(t.members)
        .where(
          or(
            gt(t.members.updatedAt, last.updatedAt),
            and(eq(t.members.updatedAt, last.updatedAt), gt(t.members.id, last.id)),
          ),
        )
        .orderBy(asc(t.members.updatedAt), asc(t.members.id))
        .limit(READ_CHUNK);
    }
    watermark = Math.max(watermark, started);
  }

  // One catch-up at a time. A caller must see every write committed before it asked, so it waits for a
  // catch-up that starts after its call: it joins the one queued behind the running one, if any.
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  function refresh(target: DirectoryIndex): Promise<void> {
    if (queued) return queued;
    const start = (): Promise<void> => {
      const run = catchUp(target).finally(() => {
        if (running === run) running = null;
      });
      running = run;
      return run;
    };
    if (!running) return start();
    const next = running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return start();
      });
    queued = next;
    return next;
  }

  async function built(): Promise<DirectoryIndex> {
    if (index) return index;
    building ??= build().then(
      (result) => (index = result),
      (error: unknown) => {
        building = null;
        throw error;
      },
    );
    return building;
  }

  return {
    async current() {
      const target = await built();
      await refresh(target);
      return target;
    },
    async warm() {
      await built();
    },
    isBuilt: () => index !== null,
    apply(row) {
      // Before the first build there is nothing to update: the build reads the row anyway.
      index?.upsert(memberToEntry(row));
    },
    size: () => index?.size ?? null,
  };
}
