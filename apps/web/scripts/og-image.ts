// Draws the share image of the public pages (Open Graph and Twitter cards), 1200 × 630, in Amiko's own look:
// the hero's indigo-to-orange light, the logo's two circles, the wordmark and the home page's title, in each
// language. Run once after a change of look or title (`node scripts/og-image.ts`); the PNGs are committed
// in public/ and the build copies them into dist/.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const locales = fileURLToPath(new URL('../../../packages/i18n/locales', import.meta.url));
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The title in lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

for (const language of ['en', 'de']) {
  const common = JSON.parse(readFileSync(`${locales}/${language}/common.json`, 'utf8')) as {
    home: { title: string; subtitle: string };
  };
  const title = wrap(common.home.title, 26)
    .map((line, i) => `<tspan x="96" dy="${i === 0 ? 0 : 76}">${escape(line)}</tspan>`)
    .join('');
  const subtitle = wrap(common.home.subtitle, 58)
    .map((line, i) => `<tspan x="96" dy="${i === 0 ? 0 : 40}">${escape(line)}</tspan>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="light" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#edf2ff"/><stop offset="1" stop-color="#fff4e6"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#light)"/>
  <circle cx="1010" cy="150" r="150" fill="#3b5bdb" opacity="0.12"/>
  <circle cx="1090" cy="520" r="210" fill="#fd7e14" opacity="0.12"/>
  <g transform="translate(96 78) scale(2.4)">
    <circle cx="12" cy="16" r="9" fill="#3b5bdb"/>
    <circle cx="20" cy="16" r="9" fill="#fd7e14" fill-opacity="0.85"/>
  </g>
  <text x="178" y="138" font-family="DejaVu Sans, sans-serif" font-weight="800" font-size="56" fill="#364fc7">Amiko</text>
  <text x="96" y="290" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="62" fill="#212529">${title}</text>
  <text x="96" y="520" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#495057">${subtitle}</text>
</svg>`;
  const file = fileURLToPath(new URL(`../public/og-image-${language}.png`, import.meta.url));
  await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(file);
  process.stdout.write(`wrote ${file}\n`);
}
