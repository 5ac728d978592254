import { eq } from 'drizzle-orm';
import { isOnboardingComplete } from '@amiko/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.ts';
import { createMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.stop());

describe('profile sections', () => {
  it('merges a section into the stored profile and leaves other fields alone', async () => {
    const a = await createMember(ts, { city: 'Berlin' });
    const saved = await a.client.trpc.profile.saveSection.mutate({
      section: 'personality',
      values: { mbtiType: 'INFP', personalityDescriptors: ['creative', 'creative', 'optimistic'] },
    });
    expect(saved.mbtiType).toBe('INFP');
    expect(saved.personalityDescriptors).toEqual(['creative', 'optimistic']);
    expect(saved.city).toBe('Berlin');
    // A place (Hamburg's GeoNames id) replaces the typed city, named in the member's language (issue 33).
    const again = await a.client.trpc.profile.saveSection.mutate({
      section: 'basic',
      values: { placeId: 2911298 },
    });
    expect(again.placeId).toBe(2911298);
    expect(again.city).toBe('Hamburg');
    expect(again.mbtiType).toBe('INFP');
    expect(again.completion).toBeGreaterThan(0);
  });

  it('cannot set access flags or another member’s fields', async () => {
    const a = await createMember(ts, { access: 'none' });
    await a.client.trpc.profile.saveSection.mutate({
      section: 'basic',
      // Unknown keys are stripped by the schema: nothing but the section's fields is ever written.
      values: { name: 'A', hasPaid: true, hasFreeAccess: true, id: 'other' } as never,
    });
    const { db, t } = ts.server.database;
    const [mine] = await db.select().from(t.members).where(eq(t.members.id, a.id));
    expect(mine).toMatchObject({ name: 'A', hasPaid: false, hasFreeAccess: false });
  });

  it('takes a save without fields (or with unknown ones only) as a save that changes nothing', async () => {
    const a = await createMember(ts, { city: 'Berlin' });
    for (const values of [{}, { notAField: 'x' }]) {
      const saved = await a.client.trpc.profile.saveSection.mutate({ section: 'values', values } as never);
      expect(saved.city).toBe('Berlin');
    }
  });

  it('refuses unknown catalog ids with a translated error', async () => {
    const a = await createMember(ts);
    const error = await failure(
      a.client.trpc.profile.saveSection.mutate({
        section: 'interests',
        values: { interests: ['notAThing'] as never },
      }),
    );
    expect(error.data?.appCode).toBe('VALIDATION');
    expect(error.message).toBe('common:errors.invalidInput');
  });
});

describe('birthdays', () => {
  it('refuses a birthday of someone younger than 16 saying so, and an impossible one as invalid (issue 30.7)', async () => {
    const a = await createMember(ts);
    const save = (birthday: string) =>
      failure(a.client.trpc.profile.saveSection.mutate({ section: 'basic', values: { birthday } }));
    const young = await save(`${new Date().getUTCFullYear() - 12}-06-15`);
    expect(young.data?.appCode).toBe('VALIDATION');
    expect(young.data?.fieldErrors).toEqual({ 'values.birthday': 'settings:errors.tooYoung' });
    const future = await save(`${new Date().getUTCFullYear() + 2}-06-15`);
    expect(future.data?.fieldErrors).toEqual({ 'values.birthday': 'settings:errors.invalidBirthdate' });
    const saved = await a.client.trpc.profile.saveSection.mutate({
      section: 'basic',
      values: { birthday: '1990-06-15' },
    });
    expect(saved.birthday).toBe('1990-06-15');
  });
});

describe('test members', () => {
  it('created as onboarded are past onboarding (guards the fixtures other tests rely on)', async () => {
    const a = await createMember(ts);
    const me = await a.client.trpc.auth.me.query();
    expect(me && isOnboardingComplete(me)).toBe(true);
  });
});
