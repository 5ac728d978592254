import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { consumeOneTimeToken, createOneTimeToken, findOneTimeToken, parseToken } from '@amiko/auth';
import type { Deps } from '../context.ts';
import { composeMail } from '../mail/templates.ts';
import { scheduleJob, type JobHandler } from './jobs.ts';
import { exportMemberData } from './member-export.ts';
import { zipStored, type ZipEntry } from './zip.ts';

// "Download my data" (issue 19.6): asked for in Settings → Account, prepared by a background job (a ZIP
// of data.json and the member's photos, kept in the exports folder), mailed as a link valid for 24 hours
// that works once and only for the member signed in (apps/server/src/plugins/data-export.ts).

export const DATA_EXPORT = 'dataExport';
const LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** Asks for an export; at most one is scheduled per member and minute. */
export async function requestDataExport(deps: Deps, memberId: string): Promise<{ requested: true }> {
  await scheduleJob(deps, {
    kind: DATA_EXPORT,
    key: `${DATA_EXPORT}:${memberId}:${new Date().toISOString().slice(0, 16)}`,
    memberId,
    runAt: new Date(),
  });
  return { requested: true };
}

const fileOf = (deps: Deps, tokenId: string) => join(deps.config.dataExportsDir, `${tokenId}.zip`);

/**
 * Deletes the ZIPs whose link has expired unused (a used one is deleted when it is downloaded), so the
 * folder holds at most a day of exports. Runs before each new export is written.
 */
export async function sweepExpiredExports(dir: string, now = Date.now()): Promise<number> {
  const files = await readdir(dir).catch(() => []);
  let removed = 0;
  for (const file of files) {
    if (!file.endsWith('.zip')) continue;
    const path = join(dir, file);
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: now }));
    if (now - mtimeMs <= LINK_TTL_MS) continue;
    await rm(path, { force: true });
    removed += 1;
  }
  return removed;
}

export const DATA_EXPORT_HANDLERS: Record<string, JobHandler> = {
  [DATA_EXPORT]: async (deps, job) => {
    const data = await exportMemberData(deps, job.memberId!);
    const email = data?.profile.email;
    if (!data || !email || data.profile.deletedAt) return 'forget';
    const entries: ZipEntry[] = [{ name: 'data.json', data: Buffer.from(JSON.stringify(data, null, 2)) }];
    for (const key of data.photos) {
      const path = deps.photos.pathOf(key);
      // A photo file gone missing (a restore without uploads) leaves the rest of the export intact.
      const bytes = path ? await readFile(path).catch(() => null) : null;
      if (bytes) entries.push({ name: `photos/${key}`, data: bytes });
    }
    const { db, t } = deps.database;
    const code = await createOneTimeToken(db, t, {
      memberId: data.profile.id,
      purpose: 'dataExport',
      email,
      ttlMs: LINK_TTL_MS,
    });
    await mkdir(deps.config.dataExportsDir, { recursive: true });
    await sweepExpiredExports(deps.config.dataExportsDir);
    await writeFile(fileOf(deps, parseToken(code)!.id), zipStored(entries));
    const link = new URL('/my-data/download', deps.config.publicUrl);
    link.searchParams.set('code', code);
    await deps.mail.send(
      composeMail(deps.t, {
        kind: 'dataExport',
        to: email,
        language: data.profile.language,
        memberText: { name: data.profile.name },
        actionUrl: link.toString(),
        hasFootnote: true,
      }),
    );
    return 'done';
  },
};

/**
 * The prepared ZIP for the member signed in, once: 'refused' for a link of another member (the link
 * stays valid for its owner), 'invalid' for a used, expired or unknown one.
 */
export async function takeDataExport(
  deps: Deps,
  memberId: string,
  code: string,
): Promise<{ zip: Buffer } | 'refused' | 'invalid'> {
  const parsed = parseToken(code);
  if (!parsed) return 'invalid';
  const { db, t } = deps.database;
  const found = await findOneTimeToken(db, t, code, 'dataExport');
  if (!found) return 'invalid';
  if (found.memberId !== memberId) return 'refused';
  if (!(await consumeOneTimeToken(db, t, code, 'dataExport'))) return 'invalid';
  const file = fileOf(deps, parsed.id);
  try {
    return { zip: await readFile(file) };
  } catch {
    return 'invalid';
  } finally {
    await rm(file, { force: true });
  }
}
