import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { mailsTo } from './accounts-support.ts';

// "Download my data" (issue 19.6): prepared in the background, mailed as a link that works once, for
// the member it was made for only.

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ env: { JOB_POLL_MS: '100' } });
});
afterAll(() => ts.stop());

async function linkMailedTo(email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [mail] = await mailsTo(ts, email);
    const match = mail && /https?:\/\/\S+\/my-data\/download\?code=\S+/.exec(mail.text);
    if (match) return new URL(new URL(match[0]).pathname + new URL(match[0]).search, ts.url).toString();
    if (Date.now() > deadline) throw new Error(`No data export mail to ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('download my data', () => {
  it('mails a link that gives the member a ZIP of data.json once; signed out and other members get nothing', async () => {
    const ana = await createMember(ts, { name: 'Ana', city: 'Hamburg' });
    const bruno = await createMember(ts, { name: 'Bruno' });
    // Ana's photo as the photo store keeps it: its bytes travel in the ZIP.
    const photoKey = 'AnaPhoto0123456789abcd.webp';
    const photo = Buffer.from('a photo, as stored');
    const photoPath = ts.server.deps.photos.pathOf(photoKey)!;
    mkdirSync(dirname(photoPath), { recursive: true });
    writeFileSync(photoPath, photo);
    const { db, t } = ts.server.database;
    await db.update(t.members).set({ photoKey }).where(eq(t.members.id, ana.id));
    expect(await ana.client.trpc.account.requestDataExport.mutate()).toEqual({ requested: true });
    const link = await linkMailedTo(ana.email);
    const [mail] = await mailsTo(ts, ana.email);
    expect(mail!.subject).toBe('Your Amiko data is ready');

    const signedOut = await fetch(link, { headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(signedOut.status).toBe(401);
    expect(await signedOut.text()).toBe(
      'Bitte melde dich bei Amiko an und öffne dann den Link aus der E-Mail noch einmal.',
    );
    const other = await bruno.client.http.fetch(link);
    expect(other.status).toBe(403);
    expect(await other.text()).toBe('This link belongs to another account.');

    const mine = await ana.client.http.fetch(link);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/zip');
    const dir = mkdtempSync(join(tmpdir(), 'amiko-export-'));
    try {
      writeFileSync(join(dir, 'a.zip'), Buffer.from(await mine.arrayBuffer()));
      execFileSync('unzip', ['-oq', join(dir, 'a.zip'), '-d', dir]);
      const data = JSON.parse(readFileSync(join(dir, 'data.json'), 'utf8')) as {
        profile: { id: string; city: string };
      };
      expect(data.profile).toMatchObject({ id: ana.id, city: 'Hamburg' });
      expect(readFileSync(join(dir, 'photos', photoKey))).toEqual(photo);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    const again = await ana.client.http.fetch(link);
    expect(again.status).toBe(410);
  });

  it('expires after 24 hours: the link gives nothing, and the next export deletes the unused ZIP', async () => {
    const carla = await createMember(ts, { name: 'Carla' });
    await carla.client.trpc.account.requestDataExport.mutate();
    const link = await linkMailedTo(carla.email);
    const dir = ts.server.deps.config.dataExportsDir;
    // The ZIP is named by the link's id (the code's part before the dot).
    const zip = `${new URL(link).searchParams.get('code')!.split('.')[0]}.zip`;
    expect(existsSync(join(dir, zip))).toBe(true);

    // A day and a minute later (the link's expiry and the file's age, moved back).
    const { db, t } = ts.server.database;
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 60_000);
    await db
      .update(t.authTokens)
      .set({ expiresAt: dayAgo })
      .where(and(eq(t.authTokens.memberId, carla.id), eq(t.authTokens.purpose, 'dataExport')));
    utimesSync(join(dir, zip), dayAgo, dayAgo);
    expect((await carla.client.http.fetch(link)).status).toBe(410);

    const dora = await createMember(ts, { name: 'Dora' });
    await dora.client.trpc.account.requestDataExport.mutate();
    const doras = await linkMailedTo(dora.email);
    expect(existsSync(join(dir, zip))).toBe(false);
    expect(existsSync(join(dir, `${new URL(doras).searchParams.get('code')!.split('.')[0]}.zip`))).toBe(true);
  });
});
