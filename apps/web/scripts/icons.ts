// Draws the app's icons for the web app manifest and iOS's home screen from the logo's two circles: 192 and
// 512 px on a white rounded square ("any"), a maskable 512 px whose circles keep inside the safe zone (the
// middle 80 %, which every platform's mask leaves whole), and the 180 px apple-touch-icon (iOS rounds its
// corners itself, so it is a full square). Run once after a change of look (`node scripts/icons.ts`); the
// PNGs are committed in public/icons and the build copies them into dist/.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = fileURLToPath(new URL('../public/icons/', import.meta.url));
mkdirSync(out, { recursive: true });

/** The logo's circles in a 32-unit box, as in the header (components/Logo.tsx). */
const circles = `<circle cx="12" cy="16" r="9" fill="#364fc7"/><circle cx="20" cy="16" r="9" fill="#fd7e14" fill-opacity="0.85"/>`;

/** The circles scaled to `logo` of the icon's width, centred, on a white background (`radius` rounds it). */
function icon(size: number, { logo, radius }: { logo: number; radius: number }): Buffer {
  const scale = (size * logo) / 32;
  const offset = (size - size * logo) / 2;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${size * radius}" fill="#ffffff"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">${circles}</g>
</svg>`);
}

const icons: [string, number, Buffer][] = [
  ['icon-192.png', 192, icon(192, { logo: 0.8, radius: 0.22 })],
  ['icon-512.png', 512, icon(512, { logo: 0.8, radius: 0.22 })],
  // The circles span 18 of the 32 units: at 0.62 of the width they end 0.35 × 0.62 ≈ 22 % short of the
  // edges, inside the safe zone's circle of radius 40 %.
  ['maskable-512.png', 512, icon(512, { logo: 0.62, radius: 0 })],
  ['apple-touch-icon.png', 180, icon(180, { logo: 0.8, radius: 0 })],
];
for (const [name, size, svg] of icons) {
  await sharp(svg).resize(size, size).png({ compressionLevel: 9 }).toFile(`${out}${name}`);
}
process.stdout.write(`Wrote ${icons.map(([name]) => name).join(', ')} into public/icons/\n`);
