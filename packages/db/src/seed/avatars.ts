import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

// Demo photos, drawn locally (no network): a soft background and a simple head-and-shoulders figure in
// a few colour schemes. Many demo members share each one.

const PALETTES = [
  ['#fde2e4', '#fad2e1', '#6d597a'],
  ['#e2ece9', '#bee1e6', '#355070'],
  ['#fff1e6', '#f0efeb', '#b56576'],
  ['#dfe7fd', '#cddafd', '#3d405b'],
  ['#e9f5db', '#cfe1b9', '#4a5759'],
  ['#fef9ef', '#ffe5b4', '#8d5a97'],
  ['#edf6f9', '#83c5be', '#006d77'],
  ['#f8edeb', '#fcd5ce', '#9d8189'],
] as const;
const SKIN = ['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac', '#a1665e'] as const;

function avatarSvg(index: number): string {
  const [from, to, shirt] = PALETTES[index % PALETTES.length]!;
  const skin = SKIN[Math.floor(index / PALETTES.length) % SKIN.length]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
  </linearGradient></defs>
  <rect width="512" height="512" fill="url(#bg)"/>
  <ellipse cx="256" cy="470" rx="170" ry="130" fill="${shirt}"/>
  <rect x="226" y="290" width="60" height="70" rx="20" fill="${skin}"/>
  <circle cx="256" cy="215" r="100" fill="${skin}"/>
</svg>`;
}

/** Writes `count` demo avatars (512×512 WebP) into the uploads folder; returns their photo keys. */
export async function createDemoAvatars(directory: string, count: number): Promise<string[]> {
  await mkdir(directory, { recursive: true });
  const keys: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const key = `${randomBytes(16).toString('base64url')}.webp`;
    const image = await sharp(Buffer.from(avatarSvg(i)))
      .webp({ quality: 80 })
      .toBuffer();
    await writeFile(join(directory, key), image);
    keys.push(key);
  }
  return keys;
}
