// Issue 17 item 9: decoding photos cannot take the server's memory. Images over 24 megapixels are refused
// before decoding, at most two uploads decode at once per process (a queue; past a short wait a translated
// "busy, try again"), and sharp works with one thread per image.
import { createDecodeQueue, DECODES_AT_ONCE, photoDecodes } from '@amiko/api';
import { PHOTO_MAX_PIXELS } from '@amiko/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.stop());

function upload(member: TestMember, bytes: Buffer, type = 'image/png') {
  const form = new FormData();
  form.set('photo', new Blob([new Uint8Array(bytes)], { type }), 'photo.png');
  return member.client.http.fetch('/uploads', { method: 'POST', body: form });
}

const messageOf = async (response: Response) =>
  ((await response.json()) as { error: { message: string } }).error.message;

describe('photo decoding', () => {
  it('refuses a 40 MP PNG (a small file) before decoding it, with the translated error', async () => {
    expect(PHOTO_MAX_PIXELS).toBeLessThanOrEqual(24_000_000);
    const member = await createMember(ts, { onboarded: false });
    const bomb = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const refused = await upload(member, bomb);
    expect(refused.status).toBe(400);
    expect(await messageOf(refused)).toBe('profile:errors.photoTooManyPixels');
    expect(ts.server.deps.t('en', 'profile:errors.photoTooManyPixels')).toContain('24 megapixels');
    expect(ts.server.deps.t('de', 'profile:errors.photoTooManyPixels')).toContain('24 Megapixeln');
  });

  it('keeps sharp to one thread per image', () => {
    expect(sharp.concurrency()).toBe(1);
  });

  it('never decodes more than two uploads at once, however many arrive together', async () => {
    const members = await Promise.all(
      Array.from({ length: 6 }, () => createMember(ts, { onboarded: false })),
    );
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const before = photoDecodes.peak;
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(photoDecodes.active), 2);
    const responses = await Promise.all(members.flatMap((m) => [upload(m, photo), upload(m, photo)]));
    clearInterval(sampler);
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
    expect(Math.max(before, ...samples)).toBeLessThanOrEqual(DECODES_AT_ONCE);
    expect(photoDecodes.peak).toBe(DECODES_AT_ONCE);
    expect(photoDecodes.active).toBe(0);
  });

  it('answers "busy, try again" (translated, 429) when no decode can start within the wait', async () => {
    const member = await createMember(ts, { onboarded: false });
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#345' } })
      .png()
      .toBuffer();
    // Both slots taken for longer than the wait.
    let free!: () => void;
    const held = new Promise<void>((resolve) => (free = resolve));
    const holders = Array.from({ length: DECODES_AT_ONCE }, () => photoDecodes.run(() => held));
    try {
      const busy = await upload(member, photo);
      expect(busy.status).toBe(429);
      expect(await messageOf(busy)).toBe('profile:errors.photoBusy');
      expect(ts.server.deps.t('de', 'profile:errors.photoBusy')).toMatch(/versuche es gleich noch einmal/);
    } finally {
      free();
      await Promise.all(holders);
    }
    expect((await upload(member, photo)).status).toBe(200);
  }, 20_000);

  it('queues in order and lets a waiting decode start as soon as a slot frees', async () => {
    const queue = createDecodeQueue(2, 1_000);
    const order: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = queue.run(() => gate.then(() => order.push(1)));
    const second = queue.run(() => gate.then(() => order.push(2)));
    const third = queue.run(async () => order.push(3));
    expect(queue.active).toBe(2);
    release();
    await Promise.all([first, second, third]);
    expect(order).toEqual([1, 2, 3]);
    expect(queue.peak).toBe(2);
  });
});
