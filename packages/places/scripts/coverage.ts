// `node packages/places/scripts/coverage.ts`: how far the gazetteer's German names go (docs/decisions.md).
import { openGazetteer } from '../src/cache.ts';
import { coverage, LARGEST } from '../src/coverage.ts';

const { gazetteer } = openGazetteer();
const { largest, countries } = coverage(gazetteer);
const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;
console.warn(
  `Places: ${gazetteer.count}. Of the ${LARGEST} most populous, ${largest.germanDiffers} ` +
    `(${percent(largest.germanDiffers, largest.places)}) have a German name that differs from the English one, ` +
    `e.g. ${largest.examples.join(', ')}.`,
);
for (const [code, c] of Object.entries(countries)) {
  console.warn(
    `${code}: ${c.places} places, ${c.regionNamed} with their region named in German ` +
      `(${percent(c.regionNamed, c.places)}), ${c.germanDiffers} with a German name other than the English one.`,
  );
}
