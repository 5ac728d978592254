import { redactError } from '@amiko/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';

// A failed query is logged without the values it was given: drizzle puts them into its error message
// ("params: …") on PostgreSQL, and PostgreSQL echoes them in `detail` ("Key (email)=(…) already exists").

describe('logged database errors', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer();
  });
  afterAll(() => ts.stop());

  it('hold the failing query and its cause, not the member data it carried', async () => {
    const { db, t } = ts.server.database;
    const secret = `secret.${Date.now()}@example.com`;
    const row = { id: `log-${Date.now()}`, email: secret, createdAt: new Date(), updatedAt: new Date() };
    await db.insert(t.members).values(row);
    const error = await db
      .insert(t.members)
      .values(row)
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(Error);
    const logged = JSON.stringify(redactError(error));
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain(row.id);
    expect(logged).toMatch(/unique|duplicate/i); // the cause is still there to read
  });
});
