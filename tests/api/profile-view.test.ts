import { PROFILE_FIELD_NAMES, PROFILE_SECTIONS, type ProfileSectionInput } from '@amiko/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.ts';
import { createMember, insertMember, ONBOARDED_INTERESTS } from '../support/members.ts';
import { sampleProfile, sampleSection } from '../support/profile-sample.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.stop());

describe('public profile', () => {
  it('shows the profile without contact details, with the interests both share', async () => {
    const me = await createMember(ts, {
      interests: [...ONBOARDED_INTERESTS.slice(0, 7), 'chess', 'sailing', 'golf'],
    });
    const other = await insertMember(ts.server.database, {
      name: 'Paula Profile',
      phone: '+49 30 1234567',
      birthday: '1990-01-15',
      timezone: 'Europe/Berlin',
      city: 'Leipzig',
      mbtiType: 'ENFJ',
      coreValues: ['honesty'],
    });
    const view = await me.client.trpc.profile.view.query({ memberId: other.id });
    expect(view).toMatchObject({
      id: other.id,
      name: 'Paula Profile',
      city: 'Leipzig',
      mbtiType: 'ENFJ',
      coreValues: ['honesty'],
      isFavorite: false,
      isSelf: false,
      avatarUrl: expect.stringMatching(/^\/uploads\//),
    });
    expect(view.age).toBeGreaterThanOrEqual(34);
    expect(view.sharedInterests).toEqual(ONBOARDED_INTERESTS.slice(0, 7));
    expect(view).not.toHaveProperty('phone');
    expect(view).not.toHaveProperty('birthday');
    expect(view).not.toHaveProperty('timezone');
    expect(view).not.toHaveProperty('email');
  });

  it('shows one’s own profile as others see it', async () => {
    const me = await createMember(ts, { name: 'Self Sam' });
    const view = await me.client.trpc.profile.view.query({ memberId: me.id });
    expect(view).toMatchObject({ name: 'Self Sam', isSelf: true, sharedInterests: [] });
  });

  it('is not available between members blocked either way, nor for deleted or unfinished profiles', async () => {
    const me = await createMember(ts);
    const blocked = await createMember(ts);
    const blocker = await createMember(ts);
    await me.client.trpc.blocks.block.mutate({ memberId: blocked.id });
    await blocker.client.trpc.blocks.block.mutate({ memberId: me.id });
    for (const [viewer, target] of [
      [me, blocked],
      [blocked, me],
      [me, blocker],
      [blocker, me],
    ] as const) {
      const error = await failure(viewer.client.trpc.profile.view.query({ memberId: target.id }));
      expect(error.data?.appCode).toBe('NOT_FOUND');
      expect(error.message).toBe('community:errors.profileUnavailable');
    }
    const deleted = await insertMember(ts.server.database, { deletedAt: new Date() });
    const unfinished = await insertMember(ts.server.database, { onboarded: false });
    for (const id of [deleted.id, unfinished.id, 'no-such-member']) {
      const error = await failure(me.client.trpc.profile.view.query({ memberId: id }));
      expect(error.message).toBe('community:errors.userDocumentMissing');
    }
  });

  it('needs a signed-in, verified member', async () => {
    const other = await insertMember(ts.server.database);
    expect(
      (await failure(ts.client().trpc.profile.view.query({ memberId: other.id }))).data?.httpStatus,
    ).toBe(401);
  });
});

describe('own profile', () => {
  it('saves every field of every section (a sample made from its spec), shows it back and to others', async () => {
    const me = await createMember(ts, { onboarded: false });
    const viewer = await createMember(ts);
    const start = await me.client.trpc.profile.mine.query();
    expect(start.completion).toBe(0); // the name alone: every member has one (issue 30.8)
    for (const section of PROFILE_SECTIONS) {
      await me.client.trpc.profile.saveSection.mutate({
        section,
        values: sampleSection(section),
      } as ProfileSectionInput);
    }
    const sample = sampleProfile();
    const saved = await me.client.trpc.profile.mine.query();
    for (const name of PROFILE_FIELD_NAMES) expect([name, saved[name]]).toEqual([name, sample[name]]);
    expect(saved.completion).toBeGreaterThan(start.completion);

    // Others see every field but the contact details, the exact birthday (an age instead) and the timezone.
    await me.client.trpc.profile.saveSection.mutate({
      section: 'interests',
      values: { interests: [...ONBOARDED_INTERESTS] },
    });
    await ts.server.database.db
      .update(ts.server.database.t.members)
      .set({ photoKey: 'test-photo.webp' })
      .where(eq(ts.server.database.t.members.id, me.id));
    const shown = await viewer.client.trpc.profile.view.query({ memberId: me.id });
    const hidden = new Set<string>(['phone', 'birthday', 'timezone']);
    for (const name of PROFILE_FIELD_NAMES) {
      if (hidden.has(name)) expect(shown).not.toHaveProperty(name);
      else
        expect([name, shown[name as keyof typeof shown]]).toEqual([
          name,
          name === 'interests' ? [...ONBOARDED_INTERESTS] : sample[name],
        ]);
    }
    expect(shown.age).toBeGreaterThanOrEqual(36);
  });

  it('merges a section save into the stored profile: fields not given stay as they were', async () => {
    const me = await createMember(ts);
    await me.client.trpc.profile.saveSection.mutate({ section: 'skills', values: sampleSection('skills') });
    await me.client.trpc.profile.saveSection.mutate({
      section: 'skills',
      values: { currentJobTitle: 'Nurse' },
    });
    const saved = await me.client.trpc.profile.mine.query();
    expect(saved).toMatchObject({ ...sampleSection('skills'), currentJobTitle: 'Nurse' });
  });

  it('writes only the member’s own row: no other member, no access flags', async () => {
    const me = await createMember(ts, { access: 'none', name: 'Me' });
    const other = await createMember(ts, { name: 'Other', access: 'none' });
    await me.client.trpc.profile.saveSection.mutate({
      section: 'basic',
      values: {
        name: 'Renamed',
        id: other.id,
        memberId: other.id,
        hasPaid: true,
        hasFreeAccess: true,
        emailVerified: false,
      } as never,
    });
    const { db, t } = ts.server.database;
    const [mine] = await db.select().from(t.members).where(eq(t.members.id, me.id));
    const [theirs] = await db.select().from(t.members).where(eq(t.members.id, other.id));
    expect(mine).toMatchObject({
      name: 'Renamed',
      hasPaid: false,
      hasFreeAccess: false,
      emailVerified: true,
    });
    expect(theirs).toMatchObject({ name: 'Other', hasPaid: false, hasFreeAccess: false });
  });

  it('refuses a story that is missing or too short, with the spec texts', async () => {
    const me = await createMember(ts, { onboarded: false });
    const empty = await failure(
      me.client.trpc.profile.saveSection.mutate({ section: 'story', values: { story: '   ' } }),
    );
    expect(empty.message).toBe('profile:errors.storyRequired');
    const short = await failure(
      me.client.trpc.profile.saveSection.mutate({ section: 'story', values: { story: 'x'.repeat(299) } }),
    );
    expect(short.message).toBe('profile:errors.storyTooShort');
  });
});
