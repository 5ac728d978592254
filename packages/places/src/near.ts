// Places within a distance of a point: the index keeps places by 1° cell (build.ts), so only the cells
// that the circle can reach are read, and each place in them is measured on the sphere.
import type { Gazetteer } from './gazetteer.ts';
import { CELL_COLUMNS, CELL_ROWS } from './index-file.ts';

export interface Coordinates {
  lat: number;
  lon: number;
}

/** The mean Earth radius (IUGG). */
const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS_KM;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance in kilometres (haversine). */
export function distanceKm(a: Coordinates, b: Coordinates): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The places within `km` of the point, nearest first, as place indices. */
export function placesNear(g: Gazetteer, center: Coordinates, km: number): number[] {
  const { cellStart, cellPlaces, lat, lon } = g.s;
  const found: { place: number; km: number }[] = [];
  const spanLat = km / KM_PER_DEGREE;
  const firstRow = Math.max(0, Math.floor(center.lat - spanLat + 90));
  const lastRow = Math.min(CELL_ROWS - 1, Math.floor(center.lat + spanLat + 90));
  // A circle around a pole reaches every longitude.
  const aroundPole = Math.abs(center.lat) + spanLat >= 90;
  for (let row = firstRow; row <= lastRow; row += 1) {
    // The row's edge nearest a pole is where a degree of longitude is shortest.
    const edge = Math.max(Math.abs(row - 90), Math.abs(row + 1 - 90));
    const kmPerDegree = KM_PER_DEGREE * Math.cos(radians(Math.min(90, edge)));
    const spanLon = kmPerDegree > 0 ? km / kmPerDegree : Infinity;
    let first = Math.floor(center.lon - spanLon + 180);
    let last = Math.floor(center.lon + spanLon + 180);
    if (aroundPole || last - first + 1 >= CELL_COLUMNS) [first, last] = [0, CELL_COLUMNS - 1];
    for (let column = first; column <= last; column += 1) {
      const cell = row * CELL_COLUMNS + (((column % CELL_COLUMNS) + CELL_COLUMNS) % CELL_COLUMNS);
      for (let i = cellStart[cell]!; i < cellStart[cell + 1]!; i += 1) {
        const place = cellPlaces[i]!;
        const distance = distanceKm(center, { lat: lat[place]!, lon: lon[place]! });
        if (distance <= km) found.push({ place, km: distance });
      }
    }
  }
  return found.sort((a, b) => a.km - b.km || a.place - b.place).map((f) => f.place);
}
