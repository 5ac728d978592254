import { describe, expect, it } from 'vitest';
import { catalogLabelProblems } from './catalog-labels.ts';

// The compiler already refuses a catalog key without a label (keys.ts builds the key types from the ids);
// this checks the files themselves, in both languages, and that no label is left over from a removed id.

const problems = catalogLabelProblems();

describe('catalog labels', () => {
  for (const language of ['en', 'de'] as const) {
    it(`has a label in ${language.toUpperCase()} for every id of every catalog`, () => {
      expect(problems[language].missing).toEqual([]);
    });

    it(`has no ${language.toUpperCase()} label without a catalog id`, () => {
      expect(problems[language].extra).toEqual([]);
    });
  }
});
