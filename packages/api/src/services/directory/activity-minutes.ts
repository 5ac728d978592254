import { grownTo, lowerBound } from './bits.ts';

// Last activity in the directory index, for the recently-active order (order-recently-active.ts): per
// slot the last activity the member shows (ms, 0 for none), and the slots grouped by the minute of it,
// each minute's slots in ascending order, the minutes ascending. The order walks the latest minute first,
// newest member first, and stops when a page is full: it touches about a page of members, however many
// were active. Minutes older than the week are forgotten as searches pass them.

/** Activity is grouped by the minute (the recently-active order reads the latest minutes first). */
export const ACTIVITY_BUCKET_MS = 60_000;
export const minuteOf = (time: number) => Math.floor(time / ACTIVITY_BUCKET_MS);
/** A day of margin before the first minute a search asks for: a slightly earlier clock still finds it. */
const MARGIN_MINUTES = 24 * 60;

export class ActivityMinutes {
  /** Per slot, the last activity shown (ms, 0 for none): the recently-active order's key. */
  #active: Float64Array = new Float64Array(0);
  #byMinute = new Map<number, number[]>();
  #minutes: number[] = [];

  get active(): Float64Array {
    return this.#active;
  }

  /**
   * The minutes with activity, ascending; a search reads those from `first` on. Minutes more than a day
   * before `first` are forgotten first (members with an older activity sort as inactive anyway).
   */
  minutesFrom(first: number): readonly number[] {
    this.#forgetBefore(first - MARGIN_MINUTES);
    return this.#minutes;
  }

  /** The slots whose last activity shown is in `minute` (one of the minutes listed), ascending. */
  slotsIn(minute: number): readonly number[] {
    return this.#byMinute.get(minute)!;
  }

  /** Sets a slot's last activity shown (0: none). */
  set(slot: number, active: number): void {
    const before = this.#active[slot]!;
    const old = before > 0 ? this.#byMinute.get(minuteOf(before)) : undefined;
    if (old && old[lowerBound(old, slot)] === slot) old.splice(lowerBound(old, slot), 1);
    this.#active[slot] = active;
    if (active <= 0) return;
    const minute = minuteOf(active);
    let slots = this.#byMinute.get(minute);
    if (!slots) {
      slots = [];
      this.#byMinute.set(minute, slots);
      const minutes = this.#minutes;
      // Nearly always the newest minute, at the end.
      let at = minutes.length;
      while (at > 0 && minutes[at - 1]! > minute) at -= 1;
      minutes.splice(at, 0, minute);
    }
    slots.splice(lowerBound(slots, slot), 0, slot);
  }

  /** Makes room at `pos` (Slots.openSlot): every later slot moves up by one. */
  openSlot(pos: number, size: number): void {
    this.#active.copyWithin(pos + 1, pos, size);
    this.#active[pos] = 0;
    for (const slots of this.#byMinute.values()) {
      for (let i = lowerBound(slots, pos); i < slots.length; i += 1) slots[i]! += 1;
    }
  }

  grow(capacity: number): void {
    this.#active = grownTo(this.#active, capacity);
  }

  #forgetBefore(minute: number): void {
    const minutes = this.#minutes;
    let n = 0;
    while (n < minutes.length && minutes[n]! < minute) {
      for (const slot of this.#byMinute.get(minutes[n]!)!) this.#active[slot] = 0;
      this.#byMinute.delete(minutes[n]!);
      n += 1;
    }
    if (n > 0) minutes.splice(0, n);
  }
}
