// The coverage docs/decisions.md states ("Places: a gazetteer shipped with Amiko") holds: fewer German
// names or regions than stated fails here. `node packages/places/scripts/coverage.ts` prints the figures.
import { beforeAll, expect, it } from 'vitest';
import { openGazetteer } from './cache.ts';
import { coverage, type Coverage } from './coverage.ts';
import { preparePlaces } from './index.ts';

let figures: Coverage;
let places: number;
beforeAll(async () => {
  await preparePlaces();
  const { gazetteer } = openGazetteer();
  places = gazetteer.count;
  figures = coverage(gazetteer);
});

it('holds every populated place of cities500', () => {
  expect(places).toBe(199_524);
});

it('knows a German name for the largest cities whose German name differs', () => {
  expect(figures.largest.places).toBe(2000);
  expect(figures.largest.germanDiffers).toBeGreaterThanOrEqual(164);
  expect(figures.largest.examples).toContain('Beijing → Peking');
});

it('names the region of every place in Germany, Austria and Switzerland in German', () => {
  expect(figures.countries).toEqual({
    DE: { places: 11_519, regionNamed: 11_519, germanDiffers: 4 },
    AT: { places: 3025, regionNamed: 3025, germanDiffers: 1 },
    CH: { places: 1890, regionNamed: 1890, germanDiffers: 9 },
  });
});
