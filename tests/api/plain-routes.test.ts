import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// Issue 28.5: the routes outside tRPC read their query and body with a schema; a malformed one is a
// translated 400 (a page for a browser's link, an i18n key for the app), never a 500 with a driver's text.

let ts: TestServer;
let ana: TestMember;
beforeAll(async () => {
  ts = await startTestServer();
  ana = await createMember(ts, { language: 'de' });
});
afterAll(() => ts.stop());

/** What must never reach a client: SQL and driver texts, runtime errors, stack frames. */
const LEAK = /sqlite|postgres|\bSQL\b|select |parameter|drizzle|TypeError|is not a function|\bat .+:\d+:\d+/i;

describe('the unsubscribe link', () => {
  for (const query of ['m=%00&k=abc', 'm=a&m=b&k=abc', 'm=abc&k=a&k=b', 'k=abc', 'm[x]=1&k=2']) {
    it(`answers ?${query} with the translated page of an invalid link (400), GET and POST`, async () => {
      for (const method of ['GET', 'POST']) {
        const response = await fetch(`${ts.url}/unsubscribe/messages?${query}`, {
          method,
          headers: { 'accept-language': 'de-DE,de;q=0.9' },
          ...(method === 'POST' ? { body: 'List-Unsubscribe=One-Click' } : {}),
        });
        const page = await response.text();
        expect(response.status, `${method} ${page}`).toBe(400);
        expect(response.headers.get('content-type')).toMatch(/^text\/html/);
        expect(page).toContain('<html lang="de">');
        expect(page).toContain('Dieser Link funktioniert nicht');
        expect(page).not.toMatch(LEAK);
      }
    });
  }
});

describe('the meetup links', () => {
  for (const query of ['m=%00&e=abc&k=abc', 'm=a&m=b&e=c&k=d', 'e=abc&k=abc', 'm[x]=1&e=2&k=3']) {
    it(`answers "Can't make it" ?${query} with the translated page of an invalid link (400), GET and POST`, async () => {
      for (const method of ['GET', 'POST']) {
        const response = await fetch(`${ts.url}/meetups/cant-go?${query}`, {
          method,
          headers: { 'accept-language': 'de-DE,de;q=0.9' },
        });
        const page = await response.text();
        expect(response.status, `${method} ${page}`).toBe(400);
        expect(response.headers.get('content-type')).toMatch(/^text\/html/);
        expect(page).toContain('Dieser Link funktioniert nicht');
        expect(page).not.toMatch(LEAK);
      }
    });
  }

  it('answers a calendar download of a malformed id with a translated refusal (400)', async () => {
    const response = await ana.client.http.fetch(`${ts.url}/meetups/${'%00'.repeat(3)}/calendar.ics`);
    const text = await response.text();
    expect(response.status, text).toBe(400);
    expect(text).toContain('Dieser Link ist nicht vollständig');
    expect(text).not.toMatch(LEAK);
  });
});

describe('the data download link', () => {
  for (const query of ['code=a.b&code=c.d', 'code[a]=b', `code=${'x'.repeat(5000)}`]) {
    it(`answers ?${query.slice(0, 40)} with a translated refusal (400)`, async () => {
      const response = await ana.client.http.fetch(`${ts.url}/my-data/download?${query}`);
      const text = await response.text();
      expect(response.status, text).toBe(400);
      expect(text).toContain('Dieser Link ist unvollständig');
      expect(text).not.toMatch(LEAK);
    });
  }
});

describe('the dev mailbox and the photos read their input with a schema, answers unchanged', () => {
  it('lists one address’s mails for ?to=, every mail without it, and none for a repeated, empty or NUL key', async () => {
    const to = `mailbox-${Date.now()}@example.com`;
    const { db, t } = ts.server.database;
    await db.insert(t.outgoingMail).values({
      kind: 'test',
      to,
      subject: 'For the mailbox',
      text: 'Hello',
      html: '<p>Hello</p>',
      language: 'en',
    });
    const json = async (query: string) => {
      const response = await fetch(`${ts.url}/dev/mail.json${query}`);
      expect(response.status, query).toBe(200);
      return ((await response.json()) as { to: string }[]).map((mail) => mail.to);
    };
    expect(await json(`?to=${encodeURIComponent(to)}`)).toEqual([to]);
    expect(await json('')).toContain(to);
    for (const query of [`?to=${to}&to=${to}`, '?to=', '?to=%00', `?to=${encodeURIComponent(to)}%00`]) {
      expect(await json(query)).toEqual([]);
    }
    const page = await fetch(`${ts.url}/dev/mail?to=${encodeURIComponent(to)}&to=x`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('No mail yet.');
    const own = await (await fetch(`${ts.url}/dev/mail?to=${encodeURIComponent(to)}`)).text();
    expect(own).toContain('For the mailbox');
  });

  it('answers a photo key that is none of ours 404, as a missing photo', async () => {
    const notFound = { error: { message: 'common:errors.notFound', appCode: 'NOT_FOUND' } };
    const keys = [
      'nothing',
      '%2E%2E%2Fsecret.webp',
      `${'A'.repeat(22)}.gif`,
      `${'A'.repeat(22)}.webp%00`,
      `${'A'.repeat(22)}.webp`,
    ];
    for (const key of keys) {
      const response = await fetch(`${ts.url}/uploads/${key}`);
      expect({ key, status: response.status, body: await response.json() }).toEqual({
        key,
        status: 404,
        body: notFound,
      });
    }
  });
});

describe('errors of the routes outside tRPC', () => {
  const invalidInput = { error: { message: 'common:errors.invalidInput', appCode: 'VALIDATION' } };

  it('answer a body or URL Fastify refuses with a generic key, not the parser’s words', async () => {
    const post = (headers: Record<string, string>, body: string) =>
      fetch(`${ts.url}/uploads`, { method: 'POST', headers: { origin: ts.url, ...headers }, body });
    const cases: [string, Promise<Response>, number][] = [
      ['JSON cut short', post({ 'content-type': 'application/json' }, '{"password":"hunter2'), 400],
      ['a type nobody reads', post({ 'content-type': 'text/x-nothing' }, 'hello'), 415],
      ['a malformed URL', fetch(`${ts.url}/uploads/%E0%A4%A`), 400],
    ];
    for (const [name, answer, status] of cases) {
      const response = await answer;
      const body: unknown = await response.json();
      expect({ name, status: response.status, body }).toEqual({ name, status, body: invalidInput });
    }
  });

  it('answer an unexpected failure 500 with the generic key, never with the driver’s message', async () => {
    const own = await startTestServer();
    const { raw } = own.server.database;
    try {
      // The dev mailbox's table is gone: its route fails in the driver, as on a broken database.
      const rename = 'ALTER TABLE outgoing_mail RENAME TO outgoing_mail_gone';
      if (raw.kind === 'sqlite') raw.client.exec(rename);
      else await raw.client.unsafe(rename);
      const response = await fetch(`${own.url}/dev/mail.json`);
      const text = await response.text();
      expect(response.status).toBe(500);
      expect(JSON.parse(text)).toEqual({ error: { message: 'common:errors.unknown', appCode: 'INTERNAL' } });
      expect(text).not.toMatch(LEAK);
    } finally {
      await own.stop();
    }
  });
});
