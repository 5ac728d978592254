// The gazetteer's binary index: what build.ts writes once and every process then maps in one read.
//
//   "AMKPLACE"  u32 length of the header  header (JSON)  padding to 8  sections, each at a multiple of 8
//
// The header lists the small tables (countries, regions, time zones) and where each section starts; the
// sections are typed arrays over the file's own bytes (no copy, nothing to parse), and one packed buffer of
// every folded name, sorted, for a binary search by prefix.

const MAGIC = 'AMKPLACE';
/** Bumped when the layout changes; part of the cache file's name through its hash (see cache.ts). */
export const FORMAT = 'amiko-places/1';

/** The sections, with their element type. P = number of places, K = number of index keys. */
export const SECTIONS = {
  /** GeoNames id, per place. Places are ordered by their ranking weight, largest first. */
  ids: Int32Array,
  population: Uint32Array,
  /** Bit 0: a section of a city (a district, a borough). */
  flags: Uint8Array,
  lat: Float32Array,
  lon: Float32Array,
  /** Index into header.countries. */
  country: Uint8Array,
  /** Index into header.regions (0: none known). */
  region: Uint16Array,
  /** Index into header.zones. */
  zone: Uint16Array,
  /** UTF-8 names: English names, then the German ones that differ. */
  nameBytes: Uint8Array,
  /** P + 1 offsets into nameBytes: the English name of place i is [enName[i], enName[i + 1]). */
  enName: Uint32Array,
  /** P + 1 offsets into nameBytes; an empty range means the German name is the English one. */
  deName: Uint32Array,
  /** Place indices ordered by GeoNames id, for lookups by id. */
  byId: Uint32Array,
  /** Every folded name of every place, ASCII, sorted; key k is keyBytes[keyStart[k], keyStart[k + 1]). */
  keyBytes: Uint8Array,
  keyStart: Uint32Array,
  /** The place of key k; bit 31 set when the key is one of the place's own names, not an alternate. */
  keyPlace: Uint32Array,
  /**
   * For each query of 1 to 3 characters (prefixCode), the places with a name starting with it, once each,
   * largest first: shortPlaces[shortStart[code], shortStart[code + 1]), bit 31 set when one of the place's
   * own names starts with it. Short queries match tens of thousands of names; this lets the search stop
   * after the largest places instead of reading them all.
   */
  shortStart: Uint32Array,
  shortPlaces: Uint32Array,
  /** Places by 1° cell (180 rows × 360 columns): cell c holds cellPlaces[cellStart[c], cellStart[c + 1]). */
  cellStart: Uint32Array,
  cellPlaces: Uint32Array,
} as const;

export type SectionName = keyof typeof SECTIONS;
export type Sections = { [K in SectionName]: InstanceType<(typeof SECTIONS)[K]> };

export const SECTION_FLAG = 1;
export const OWN_NAME = 0x8000_0000;

/** A district counts as a tenth of its population when ranked: "Bochum" is Bochum, not Bochum-Hordel. */
export const SECTION_WEIGHT = 0.1;
export function rankWeight(population: number, isSection: boolean): number {
  return isSection ? population * SECTION_WEIGHT : population;
}

/** The longest query served from the short-prefix lists. */
export const SHORT_PREFIX = 3;
/** Folded names use 37 characters: a–z, 0–9 and the space. */
const SYMBOLS = 38;
export const PREFIX_CODES = SYMBOLS ** SHORT_PREFIX;
/** A number for each folded text of 1 to SHORT_PREFIX characters (0 for a character means "none"). */
export function prefixCode(folded: string): number {
  let code = 0;
  for (let i = 0; i < SHORT_PREFIX; i += 1) {
    const c = folded.charCodeAt(i);
    const symbol = c >= 97 && c <= 122 ? c - 96 : c >= 48 && c <= 57 ? c - 21 : c === 32 ? 37 : 0;
    code = code * SYMBOLS + (i < folded.length ? symbol : 0);
  }
  return code;
}

export const CELL_COLUMNS = 360;
export const CELL_ROWS = 180;
export function cellOf(lat: number, lon: number): number {
  const row = Math.min(CELL_ROWS - 1, Math.max(0, Math.floor(lat + 90)));
  const column = Math.min(CELL_COLUMNS - 1, Math.max(0, Math.floor(lon + 180)));
  return row * CELL_COLUMNS + column;
}

export interface Header {
  format: string;
  version: string;
  /** Attribution and data date, for anyone who opens the file. */
  source: string;
  countries: string[];
  /** [GeoNames code "DE.05", English name, German name or null]; entry 0 is "no region". */
  regions: [code: string, english: string | null, german: string | null][];
  zones: string[];
  /** Section name → [byte offset, element count]. */
  sections: Record<SectionName, [offset: number, length: number]>;
}

const align = (n: number) => Math.ceil(n / 8) * 8;

export function writeIndexFile(header: Omit<Header, 'sections' | 'format'>, sections: Sections): Buffer {
  const placement = {} as Header['sections'];
  const names = Object.keys(SECTIONS) as SectionName[];
  // The header's length depends on the offsets it lists: place the sections after a generous guess, then
  // check the guess held.
  const draft = JSON.stringify({ format: FORMAT, ...header, sections: placement });
  let offset = align(MAGIC.length + 4 + Buffer.byteLength(draft) + names.length * 40);
  const start = offset;
  for (const name of names) {
    placement[name] = [offset, sections[name].length];
    offset = align(offset + sections[name].byteLength);
  }
  const json = Buffer.from(JSON.stringify({ format: FORMAT, ...header, sections: placement }));
  if (MAGIC.length + 4 + json.length > start) throw new Error('index header larger than reserved');
  const file = Buffer.alloc(offset);
  file.write(MAGIC, 0, 'latin1');
  file.writeUInt32LE(json.length, MAGIC.length);
  json.copy(file, MAGIC.length + 4);
  for (const name of names) {
    const array = sections[name];
    Buffer.from(array.buffer, array.byteOffset, array.byteLength).copy(file, placement[name][0]);
  }
  return file;
}

/** The index in `file`, or null when it is not a complete index of this format and version. */
export function readIndexFile(file: Buffer, version: string): { header: Header; sections: Sections } | null {
  if (file.length < MAGIC.length + 4 || file.toString('latin1', 0, MAGIC.length) !== MAGIC) return null;
  // Typed arrays need their elements aligned; a file read into a pooled buffer may not start at 0 mod 8.
  if (file.byteOffset % 8 !== 0) file = Buffer.from(file);
  const length = file.readUInt32LE(MAGIC.length);
  let header: Header;
  try {
    header = JSON.parse(file.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + length)) as Header;
  } catch {
    return null;
  }
  if (header.format !== FORMAT || header.version !== version) return null;
  const sections = {} as Record<SectionName, unknown>;
  for (const name of Object.keys(SECTIONS) as SectionName[]) {
    const type = SECTIONS[name];
    const [offset, count] = header.sections[name] ?? [0, -1];
    if (count < 0 || offset % 8 !== 0 || offset + count * type.BYTES_PER_ELEMENT > file.length) return null;
    sections[name] = new type(file.buffer as ArrayBuffer, file.byteOffset + offset, count); // never shared
  }
  return { header, sections: sections as Sections };
}
