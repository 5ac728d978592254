// `pnpm bench [suite…]`: runs the benchmark suites (all when none is named). Each suite measures Amiko and
// a bare baseline in the same run and prints its figures as ratios to that baseline, so the numbers mean
// the same on a fast laptop and on a loaded two-core CI machine.

const suites: Record<string, () => Promise<{ run(args: string[]): Promise<void> }>> = {
  messaging: () => import('./messaging.ts'),
  pods: () => import('./pods.ts'),
  directory: () => import('./directory.ts'),
  places: () => import('./places.ts'),
};

const args = process.argv.slice(2);
// Suite names are the bare words, except a value following an option (`--members 100000`).
const requested = args.filter(
  (arg, i) =>
    !arg.startsWith('--') && (arg in suites || !args[i - 1]?.startsWith('--') || args[i - 1]!.includes('=')),
);
const names = requested.length > 0 ? requested : Object.keys(suites);
const unknown = names.filter((name) => !suites[name]);
if (unknown.length > 0) {
  console.error(
    `Unknown benchmark suite(s): ${unknown.join(', ')}. Known: ${Object.keys(suites).join(', ') || 'none'}`,
  );
  process.exit(1);
}
for (const name of names) {
  console.log(`\n== ${name} ==`);
  const suite = await suites[name]!();
  await suite.run(process.argv.slice(2));
}
