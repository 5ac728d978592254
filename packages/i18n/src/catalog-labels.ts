import { CATALOGS, UI_LANGUAGES, type CatalogName, type UiLanguage } from '@amiko/core';
import { loadResources } from './server.ts';

// What the catalog files lack or hold too much of, per language: the check behind catalogs.test.ts and
// behind `pnpm typecheck`'s first step, which names a missing label in one line before the compiler reports
// the same as errors at every place that translates one of that catalog's keys.

const names = Object.keys(CATALOGS) as CatalogName[];

export interface CatalogLabelProblems {
  /** `catalog.id` without a (non-empty) label. */
  missing: string[];
  /** Labels of ids no catalog has (left from a removed id). */
  extra: string[];
}

export function catalogLabelProblems(): Record<UiLanguage, CatalogLabelProblems> {
  const resources = loadResources();
  const known = new Set(names.flatMap((name) => CATALOGS[name].map((id) => `${name}.${id}`)));
  return Object.fromEntries(
    UI_LANGUAGES.map((language) => {
      const labels = resources[language].catalog as Record<string, Record<string, unknown>>;
      const missing = names.flatMap((name) =>
        CATALOGS[name]
          .filter((id) => {
            const label = labels[name]?.[id];
            return typeof label !== 'string' || label.trim() === '';
          })
          .map((id) => `${name}.${id}`),
      );
      const extra = Object.entries(labels).flatMap(([name, group]) =>
        Object.keys(group)
          .map((id) => `${name}.${id}`)
          .filter((key) => !known.has(key)),
      );
      return [language, { missing, extra }];
    }),
  ) as Record<UiLanguage, CatalogLabelProblems>;
}
