import { CATALOGS, type CatalogName } from '@amiko/core';
import { describe, expect, it } from 'vitest';
import { loadResources } from './server.ts';

// The compiler already refuses a catalog key without a label (keys.ts builds the key types from the ids);
// this checks the files themselves, in both languages, and that no label is left over from a removed id.

const resources = loadResources();
const names = Object.keys(CATALOGS) as CatalogName[];

describe('catalog labels', () => {
  for (const language of ['en', 'de'] as const) {
    const labels = resources[language].catalog as Record<string, Record<string, unknown>>;

    it(`has a label in ${language.toUpperCase()} for every id of every catalog`, () => {
      const missing = names.flatMap((name) =>
        CATALOGS[name]
          .filter((id) => {
            const label = labels[name]?.[id];
            return typeof label !== 'string' || label.trim() === '';
          })
          .map((id) => `${name}.${id}`),
      );
      expect(missing).toEqual([]);
    });

    it(`has no ${language.toUpperCase()} label without a catalog id`, () => {
      const known = new Set(names.flatMap((name) => CATALOGS[name].map((id) => `${name}.${id}`)));
      const extra = Object.entries(labels).flatMap(([name, group]) =>
        Object.keys(group)
          .map((id) => `${name}.${id}`)
          .filter((key) => !known.has(key)),
      );
      expect(extra).toEqual([]);
    });
  }
});
