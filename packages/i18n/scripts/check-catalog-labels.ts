// `pnpm typecheck`'s first step: a catalog id without a label is a compile error wherever its key is
// translated (dozens of lines of mapped types); this names the missing labels first, in one line each.
import { catalogLabelProblems } from '../src/catalog-labels.ts';

let failed = false;
for (const [language, { missing }] of Object.entries(catalogLabelProblems())) {
  for (const key of missing) {
    console.error(`amiko: no label for catalog:${key} in packages/i18n/locales/${language}/catalog.json`);
    failed = true;
  }
}
process.exitCode = failed ? 1 : 0;
