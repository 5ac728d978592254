import type { Database } from '@amiko/db';

/** What the guard answers a write of `members` that leaves updated_at as it was. */
export const UNSTAMPED_MEMBER_WRITE = 'members row changed without moving updated_at forward';

/**
 * Makes the test database refuse every UPDATE of a member row that leaves updated_at as it was, by
 * whatever path it comes (drizzle, raw SQL, a send function): the directory index finds changes only
 * through updated_at (docs/decisions.md, "The directory index"). Every API test server has it, so a
 * member write that bypasses the schema's stamp fails the test that makes it. The schema's stamp grows
 * strictly within a process, so two writes in the same millisecond pass. A stamp older than the row's is
 * not a bypass: two writes of one row at once (two devices, a double click) take their stamps in one order
 * and may commit in the other on PostgreSQL; the directory's catch-up overlap covers that.
 */
export async function guardMemberStamps(database: Database): Promise<void> {
  const { raw } = database;
  if (raw.kind === 'sqlite') {
    raw.client.exec(`
      CREATE TRIGGER IF NOT EXISTS test_member_stamps BEFORE UPDATE ON members
      WHEN NEW.updated_at = OLD.updated_at
      BEGIN SELECT RAISE(ABORT, '${UNSTAMPED_MEMBER_WRITE}'); END`);
    return;
  }
  await raw.client.unsafe(`
    CREATE OR REPLACE FUNCTION test_member_stamps() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.updated_at = OLD.updated_at THEN RAISE EXCEPTION '${UNSTAMPED_MEMBER_WRITE}'; END IF;
      RETURN NEW;
    END $$;
    CREATE OR REPLACE TRIGGER test_member_stamps BEFORE UPDATE ON members
      FOR EACH ROW EXECUTE FUNCTION test_member_stamps();`);
}
