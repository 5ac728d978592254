// How far the gazetteer's German goes, for docs/decisions.md: printed by scripts/coverage.ts and held up
// by coverage.test.ts.
import type { Gazetteer } from './gazetteer.ts';

export const LARGEST = 2000;
export const GERMAN_SPEAKING = ['DE', 'AT', 'CH'] as const;

export interface Coverage {
  /** Of the LARGEST most populous places: how many have a German name that differs from the English. */
  largest: { places: number; germanDiffers: number; examples: string[] };
  /**
   * Per German-speaking country: places, places whose region is named (in German: generate-regions.ts
   * fails without a German name for every region of these countries), German names that differ.
   */
  countries: Record<
    (typeof GERMAN_SPEAKING)[number],
    { places: number; regionNamed: number; germanDiffers: number }
  >;
}

export function coverage(g: Gazetteer): Coverage {
  const differs = (place: number) => g.name(place, 'de') !== g.name(place, 'en');
  const byPopulation = Array.from({ length: g.count }, (_, i) => i).sort(
    (a, b) => g.s.population[b]! - g.s.population[a]! || a - b,
  );
  const largest = byPopulation.slice(0, LARGEST);
  const distinct = largest.filter(differs);
  const countries = {} as Coverage['countries'];
  for (const code of GERMAN_SPEAKING) {
    const places = byPopulation.filter((place) => g.countryCode(place) === code);
    countries[code] = {
      places: places.length,
      regionNamed: places.filter((place) => g.region(place, 'de') !== null).length,
      germanDiffers: places.filter(differs).length,
    };
  }
  return {
    largest: {
      places: largest.length,
      germanDiffers: distinct.length,
      examples: distinct.slice(0, 12).map((place) => `${g.name(place, 'en')} → ${g.name(place, 'de')}`),
    },
    countries,
  };
}
