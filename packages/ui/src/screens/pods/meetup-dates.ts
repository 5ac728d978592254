import { ownTimeZone } from './meetup-form-values.ts';

// How a meetup's date reads, in the interface language: the one place for its three lengths.

/** A date and time in a time zone ("Saturday, 5 June 2027 at 19:30"; the year only when not this one). */
export function whenLong(instant: number, timeZone: string, language: string): string {
  const otherYear = new Date(instant).getFullYear() !== new Date().getFullYear();
  return new Intl.DateTimeFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(otherYear ? { year: 'numeric' as const } : {}),
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(instant);
}

/** The date and time in the member's own zone, short ("Sat, 5 June, 19:30"). */
export function whenShort(instant: number, language: string): string {
  return new Intl.DateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: ownTimeZone(),
  }).format(instant);
}

/** The day alone, in a time zone ("Saturday, 5 June"). */
export function dayOf(instant: number, timeZone: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone,
  }).format(instant);
}
