import { existsSync } from 'node:fs';
import { PHOTO_MAX_BYTES } from '@amiko/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.ts';
import { createMember, type TestMember } from '../support/members.ts';
import { RELAXED_RATE_LIMITS, startTestServer, type TestServer } from '../support/server.ts';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({
    env: {
      RATE_LIMITS: JSON.stringify({ ...RELAXED_RATE_LIMITS, 'upload:account': { max: 3, windowMs: 60_000 } }),
    },
  });
});
afterAll(() => ts.stop());

/** A 200×100 JPEG, left half red and right half blue, stored sideways (EXIF orientation 6) with GPS data. */
async function sidewaysJpegWithGps(): Promise<Buffer> {
  const width = 200;
  const height = 100;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) pixels[(y * width + x) * 3 + (x < 100 ? 0 : 2)] = 255;
  }
  const withGps = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'AmikoCam', Model: 'Test 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 31/1 12/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '13/1 24/1 0/1',
      },
    })
    .toBuffer();
  // Orientation 6: shown turned 90° clockwise, i.e. 100×200 with red on top and blue below.
  return sharp(withGps).withMetadata({ orientation: 6 }).keepExif().toBuffer();
}

/** Whether an EXIF block (little-endian, as sharp writes it) points to a GPS directory (tag 0x8825). */
function hasGpsIfd(exif: Buffer): boolean {
  return exif.includes(Buffer.from([0x25, 0x88]));
}

function upload(member: TestMember, file: Blob, options: { name?: string; crop?: unknown } = {}) {
  const form = new FormData();
  if (options.crop !== undefined) form.set('crop', JSON.stringify(options.crop));
  form.set('photo', file, options.name ?? 'photo.jpg');
  return member.client.http.fetch('/uploads', { method: 'POST', body: form });
}

const blob = (bytes: Uint8Array, type = 'image/jpeg') => new Blob([new Uint8Array(bytes)], { type });

async function pixelAt(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

describe('photo upload', () => {
  it('re-encodes the photo upright, without EXIF or GPS, and serves it with the right headers', async () => {
    const member = await createMember(ts, { onboarded: false });
    const original = await sidewaysJpegWithGps();
    const exif = (await sharp(original).metadata()).exif!;
    expect(exif.toString('latin1')).toContain('AmikoCam');
    expect(hasGpsIfd(exif)).toBe(true);

    const response = await upload(member, blob(original));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { photoUrl: string; croppedPhotoUrl: string; avatarUrl: string };
    expect(body.photoUrl).toMatch(/^\/uploads\/[A-Za-z0-9_-]{22}\.webp$/);
    expect(body.avatarUrl).toBe(body.croppedPhotoUrl);

    for (const url of [body.photoUrl, body.croppedPhotoUrl]) {
      const served = await member.client.http.fetch(url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('cache-control')).toContain('immutable');
      const bytes = Buffer.from(await served.arrayBuffer());
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif).toBeUndefined(); // no EXIF block at all, so no GPS either
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(bytes.toString('latin1')).not.toContain('AmikoCam');
    }
    const stored = Buffer.from(await (await member.client.http.fetch(body.photoUrl)).arrayBuffer());
    const { width, height } = await sharp(stored).metadata();
    expect([width, height]).toEqual([100, 200]); // turned upright
    expect((await pixelAt(stored, 50, 20))[0]).toBeGreaterThan(200); // red on top
    expect((await pixelAt(stored, 50, 180))[2]).toBeGreaterThan(200); // blue below

    const me = await member.client.trpc.auth.me.query();
    expect(me?.hasPhoto).toBe(true);
    expect(me?.avatarUrl).toBe(body.croppedPhotoUrl);
  });

  it('crops the upright image where the member chose, and recrops the stored photo', async () => {
    const member = await createMember(ts, { onboarded: false });
    const response = await upload(member, blob(await sidewaysJpegWithGps()), {
      crop: { x: 0, y: 120, width: 100, height: 80 },
    });
    const body = (await response.json()) as { croppedPhotoUrl: string };
    const cropped = Buffer.from(await (await member.client.http.fetch(body.croppedPhotoUrl)).arrayBuffer());
    expect(await sharp(cropped).metadata()).toMatchObject({ width: 512, height: 512 });
    expect((await pixelAt(cropped, 256, 256))[2]).toBeGreaterThan(200); // the blue lower part

    const recropped = await member.client.trpc.profile.recropPhoto.mutate({
      crop: { x: 0, y: 0, width: 100, height: 100 },
    });
    expect(recropped.croppedPhotoUrl).not.toBe(body.croppedPhotoUrl);
    const red = Buffer.from(await (await member.client.http.fetch(recropped.croppedPhotoUrl!)).arrayBuffer());
    expect((await pixelAt(red, 256, 256))[0]).toBeGreaterThan(200);
    // The replaced crop is gone.
    expect((await member.client.http.fetch(body.croppedPhotoUrl)).status).toBe(404);
  });

  it('removes the old files when a photo is replaced', async () => {
    const member = await createMember(ts, { onboarded: false });
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    const first = (await (await upload(member, blob(png, 'image/png'), { name: 'a.png' })).json()) as {
      photoUrl: string;
      croppedPhotoUrl: string;
    };
    const webp = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a36' } })
      .webp()
      .toBuffer();
    const second = (await (await upload(member, blob(webp, 'image/webp'), { name: 'b.webp' })).json()) as {
      photoUrl: string;
    };
    expect(second.photoUrl).not.toBe(first.photoUrl);
    for (const url of [first.photoUrl, first.croppedPhotoUrl]) {
      expect(existsSync(ts.server.deps.photos.pathOf(url.slice('/uploads/'.length))!)).toBe(false);
    }
    expect((await member.client.http.fetch(second.photoUrl)).status).toBe(200);
  });
});

describe('photo refusals', () => {
  it('judges the type by content: a text file named .jpg and an SVG are refused', async () => {
    const member = await createMember(ts, { onboarded: false });
    const text = await upload(member, blob(new TextEncoder().encode('not an image at all')), {
      name: 'holiday.jpg',
    });
    expect(text.status).toBe(400);
    expect(await text.json()).toEqual({
      error: { message: 'profile:errors.photoType', appCode: 'VALIDATION' },
    });
    const svg = await upload(
      member,
      blob(
        new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'),
        'image/png',
      ),
      { name: 'x.png' },
    );
    expect(((await svg.json()) as { error: { message: string } }).error.message).toBe(
      'profile:errors.photoType',
    );
    // A GIF is an image, but not one of the accepted types.
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const refusedGif = await upload(member, blob(gif, 'image/jpeg'));
    expect(((await refusedGif.json()) as { error: { message: string } }).error.message).toBe(
      'profile:errors.photoType',
    );
    expect((await member.client.trpc.auth.me.query())?.hasPhoto).toBe(false);
  });

  it('refuses a file over 10 MB and an image over the pixel cap', async () => {
    const member = await createMember(ts, { onboarded: false });
    const big = new Uint8Array(PHOTO_MAX_BYTES + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const tooBig = await upload(member, blob(big));
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { error: { message: string } }).error.message).toBe(
      'profile:errors.photoTooLarge',
    );
    // 48 megapixels of one colour: a small file, but too many pixels to decode.
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(bomb.length).toBeLessThan(PHOTO_MAX_BYTES);
    const refused = await upload(member, blob(bomb, 'image/png'), { name: 'bomb.png' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'profile:errors.photoTooManyPixels',
    );
  });

  it('needs a signed-in, verified member on the same origin, and limits uploads per account', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    const form = () => {
      const f = new FormData();
      f.set('photo', blob(png, 'image/png'), 'a.png');
      return f;
    };
    const visitor = ts.client();
    const anonymous = await visitor.http.fetch('/uploads', { method: 'POST', body: form() });
    expect(anonymous.status).toBe(401);

    const unverified = await createMember(ts, { verified: false, onboarded: false });
    expect((await unverified.client.http.fetch('/uploads', { method: 'POST', body: form() })).status).toBe(
      403,
    );

    const member = await createMember(ts, { onboarded: false });
    const crossSite = await member.client.http.fetch('/uploads', {
      method: 'POST',
      body: form(),
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect((await member.client.trpc.auth.me.query())?.hasPhoto).toBe(false);

    for (let i = 0; i < 3; i += 1) expect((await upload(member, blob(png, 'image/png'))).status).toBe(200);
    const limited = await upload(member, blob(png, 'image/png'));
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { message: string } }).error.message).toBe(
      'common:errors.tooManyRequests',
    );
  });

  it('serves only stored keys', async () => {
    const visitor = ts.client();
    expect((await visitor.http.fetch('/uploads/AAAAAAAAAAAAAAAAAAAAAA.webp')).status).toBe(404);
    expect((await visitor.http.fetch('/uploads/..%2F..%2Fpackage.json')).status).toBe(404);
    expect((await visitor.http.fetch('/uploads/amiko.db')).status).toBe(404);
  });

  it('recropping needs a stored photo', async () => {
    const member = await createMember(ts); // the test helper's photo key names no file
    const error = await failure(
      member.client.trpc.profile.recropPhoto.mutate({ crop: { x: 0, y: 0, width: 10, height: 10 } }),
    );
    expect(error.message).toBe('profile:errors.photoMissing');
  });
});
