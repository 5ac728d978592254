import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    expect(await ana.client.trpc.account.requestDataExport.mutate()).toEqual({ requested: true });
    const link = await linkMailedTo(ana.email);
    const [mail] = await mailsTo(ts, ana.email);
    expect(mail!.subject).toBe('Your Amiko data is ready');

    expect((await fetch(link)).status).toBe(401);
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
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    const again = await ana.client.http.fetch(link);
    expect(again.status).toBe(410);
  });
});
