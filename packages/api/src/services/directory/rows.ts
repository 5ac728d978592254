import { grownTo } from './bits.ts';
import { activeOf, encode, type Encoded } from './encode.ts';
import type { DirectoryEntry } from './types.ts';

// The rows of the start-up read, collected compactly (a million row objects would not fit comfortably in
// memory): each row encoded at once into one Int32Array, strings and times beside it. Slots.load sorts
// them once and fills the index in one go instead of inserting them one by one.

/** Per row: listed, 3 interest words, 2 language words, looking for, gender, country, birthday, town, place. */
const STRIDE = 12;

export class MemberRows {
  readonly ids: string[] = [];
  readonly created: number[] = [];
  readonly updated: number[] = [];
  readonly active: number[] = [];
  readonly cities: string[] = [];
  /** Members who hide their activity (Settings → Privacy). */
  readonly hidingActivity: string[] = [];
  fields: Int32Array = new Int32Array(1024 * STRIDE);

  add(entry: DirectoryEntry): void {
    const e = encode(entry);
    const row = this.ids.length;
    if ((row + 1) * STRIDE > this.fields.length) this.fields = grownTo(this.fields, this.fields.length * 2);
    this.ids.push(entry.id);
    this.created.push(entry.createdAt.getTime());
    this.updated.push(entry.updatedAt.getTime());
    this.active.push(activeOf(entry));
    if (!entry.showActivity) this.hidingActivity.push(entry.id);
    this.cities.push(e.city);
    this.fields.set(
      [
        e.listed ? 1 : 0,
        ...e.interests,
        ...e.languages,
        e.lookingFor,
        e.gender,
        e.country,
        e.birthday,
        e.town,
        e.place,
      ],
      row * STRIDE,
    );
  }

  row(r: number): Encoded {
    const f = this.fields.subarray(r * STRIDE, (r + 1) * STRIDE);
    return {
      listed: f[0] === 1,
      interests: [f[1]!, f[2]!, f[3]!],
      languages: [f[4]!, f[5]!],
      lookingFor: f[6]!,
      gender: f[7]!,
      country: f[8]!,
      birthday: f[9]!,
      city: this.cities[r]!,
      town: f[10]!,
      place: f[11]!,
    };
  }
}
