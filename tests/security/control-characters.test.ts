// Issue 17 item 6: a control character (a NUL above all) in what a member types is refused with a
// translated validation error on both databases, where PostgreSQL used to answer 500 and SQLite stored it.
import {
  COMMON_ERRORS,
  contactSchema,
  feedbackSchema,
  hasControlCharacters,
  messageBodySchema,
  optionalText,
  plainText,
  profileSections,
  reportSchema,
  requiredText,
  signUpSchema,
} from '@amiko/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.ts';
import { createMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const LINE_BREAKS = ['\n', '\r', '\t'];
/** Every C0 and C1 control character and DEL. */
const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
  ...Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i)),
];
const FORBIDDEN_EVERYWHERE = CONTROLS.filter((c) => !LINE_BREAKS.includes(c));

/** A printable text with one control character put somewhere inside it (never at the trimmed ends). */
const withControl = (controls: string[]) =>
  fc
    .tuple(
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
      fc.constantFrom(...controls),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
    )
    .map(
      ([before, control, after]) =>
        `x${before.replace(/\p{Cc}/gu, '')}${control}${after.replace(/\p{Cc}/gu, '')}x`,
    );

const issueKeys = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe('the shared text helpers', () => {
  it('refuse every control character in single-line texts, with the translated key', () => {
    fc.assert(
      fc.property(withControl(CONTROLS), (text) => {
        expect(hasControlCharacters(text)).toBe(true);
        for (const schema of [requiredText(100), plainText(100), optionalText(100)]) {
          expect(issueKeys(schema.safeParse(text))).toContain(COMMON_ERRORS.controlCharacters);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('keep newline and tab in multi-line texts and refuse the other control characters', () => {
    fc.assert(
      fc.property(withControl(FORBIDDEN_EVERYWHERE), withControl(LINE_BREAKS), (bad, good) => {
        const multiline = requiredText(100, undefined, { multiline: true });
        expect(issueKeys(multiline.safeParse(bad))).toEqual([COMMON_ERRORS.controlCharacters]);
        expect(multiline.safeParse(good).success).toBe(true);
        expect(messageBodySchema.safeParse(good).success).toBe(true);
        expect(issueKeys(messageBodySchema.safeParse(bad))).toEqual([COMMON_ERRORS.controlCharacters]);
      }),
      { numRuns: 500 },
    );
  });

  it('accept any text without control characters (letters, emoji, marks of every script)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }), (raw) => {
        const text = `x${raw.replace(/\p{Cc}/gu, '')}`;
        expect(hasControlCharacters(text)).toBe(false);
        expect(plainText(1000).safeParse(text).success).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('guard the schemas members type into', () => {
    const nul = 'a\u0000b';
    expect(issueKeys(signUpSchema.shape.name.safeParse(nul))).toContain(COMMON_ERRORS.controlCharacters);
    expect(issueKeys(profileSections.skills.shape.currentJobTitle.safeParse(nul))).toContain(
      COMMON_ERRORS.controlCharacters,
    );
    expect(issueKeys(profileSections.story.shape.story.safeParse(`${'a'.repeat(300)}\u0000`))).toContain(
      COMMON_ERRORS.controlCharacters,
    );
    expect(issueKeys(reportSchema.shape.note.safeParse(nul))).toContain(COMMON_ERRORS.controlCharacters);
    expect(issueKeys(contactSchema.shape.message.safeParse(nul))).toContain(COMMON_ERRORS.controlCharacters);
    expect(issueKeys(feedbackSchema.shape.liked.safeParse(nul))).toContain(COMMON_ERRORS.controlCharacters);
  });
});

describe('over the API, on both databases', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer();
  });
  afterAll(() => ts.stop());

  const refusedAsControl = async (call: Promise<unknown>) => {
    const error = await failure(call);
    expect(error.data?.appCode).toBe('VALIDATION');
    expect(error.message).toBe(COMMON_ERRORS.controlCharacters);
  };

  it('refuses a NUL in a name, a message, a contact field and a search instead of answering 500', async () => {
    const a = await createMember(ts);
    const b = await createMember(ts);
    await refusedAsControl(
      a.client.trpc.profile.saveSection.mutate({ section: 'basic', values: { name: 'Ana\u0000' } }),
    );
    await refusedAsControl(
      ts
        .client()
        .trpc.auth.signUp.mutate({ name: 'Ana\u0000Bo', email: 'nul@example.com', password: 'Str0ng!pass' }),
    );
    await refusedAsControl(
      a.client.trpc.messages.send.mutate({ to: b.id, clientId: crypto.randomUUID(), body: 'hi\u0000there' }),
    );
    await refusedAsControl(
      ts.client().trpc.site.contact.mutate({
        name: 'Ana',
        email: 'ana@example.com',
        subject: 'Hello\u0000',
        message: 'Hi',
      }),
    );
    await refusedAsControl(a.client.trpc.favorites.list.query({ search: 'a\u0000' }));
    await refusedAsControl(ts.client().trpc.community.directory.query({ filters: { city: 'Ber\u0000lin' } }));
  });

  it('has the error in English and German', () => {
    const t = ts.server.deps.t;
    expect(t('en', COMMON_ERRORS.controlCharacters)).toMatch(/control characters/);
    expect(t('de', COMMON_ERRORS.controlCharacters)).toMatch(/Steuerzeichen/);
  });

  it('still takes multi-line messages with newlines and tabs', async () => {
    const a = await createMember(ts);
    const b = await createMember(ts);
    const sent = await a.client.trpc.messages.send.mutate({
      to: b.id,
      clientId: crypto.randomUUID(),
      body: 'line one\n\tline two',
    });
    expect(sent.message.body).toBe('line one\n\tline two');
  });

  it('never answers 500 for a profile text with any control character', async () => {
    const a = await createMember(ts);
    await fc.assert(
      fc.asyncProperty(withControl(FORBIDDEN_EVERYWHERE), async (text) => {
        await refusedAsControl(
          a.client.trpc.profile.saveSection.mutate({
            section: 'identifiers',
            values: { favoriteQuotes: text },
          }),
        );
      }),
      { numRuns: 30 },
    );
  });
});
