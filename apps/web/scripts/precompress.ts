// Writes a .br and a .gz next to every text file of the build, compressed once at the highest level; the
// server sends them as they are (@fastify/static preCompressed) instead of compressing on every request.
// Not the prerendered pages, sitemap and robots.txt: the server writes its origin into those first, and
// compresses each once when it is first asked for. Run by scripts/build.ts: `node scripts/precompress.ts
// <build folder>`.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const [distArg] = process.argv.slice(2);
if (!distArg) throw new Error('usage: node scripts/precompress.ts <build folder>');
const dist = resolve(distArg);

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.name.startsWith('.') || entry.name === 'pages'
      ? []
      : entry.isDirectory()
        ? walk(join(dir, entry.name))
        : [join(dir, entry.name)],
  );

for (const file of walk(dist)) {
  if (!/\.(js|css|html|svg|json)$/.test(file) || statSync(file).size < 1024) continue;
  const bytes = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
}
