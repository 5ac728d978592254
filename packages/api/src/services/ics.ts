// iCalendar (RFC 5545) for a meetup: the reminders' attachment and "Add to calendar". The start is a local
// time with its TZID, and the VTIMEZONE that defines it is built from the runtime's own zone data (Intl), so a
// calendar shows the same instant as Amiko wherever its reader lives. docs/decisions.md, "Meetups".

/** What a calendar entry of a meetup says; the caller decides what the member may see (the venue or not). */
export interface CalendarEvent {
  /** Stable across downloads and reminders, so that a calendar updates its entry instead of adding one. */
  uid: string;
  startsAt: Date;
  /** How long the entry lasts in the calendar (a meetup has no end of its own). */
  durationMs: number;
  timeZone: string;
  summary: string;
  location: string;
  description: string;
  url: string;
  cancelled?: boolean;
}

/** How long a meetup's calendar entry lasts: an evening's or an afternoon's meeting. */
export const MEETUP_CALENDAR_DURATION_MS = 2 * 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The offset of a zone from UTC at an instant, in whole minutes. */
function offsetMinutes(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return Math.round((local - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** "20270605T193000": the wall-clock time of an instant at a given offset (minutes), without a zone. */
function localStamp(instant: number, offset: number): string {
  const d = new Date(instant + offset * 60_000);
  return (
    `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`
  );
}

/** "20270605T173000Z". */
const utcStamp = (instant: number) => `${localStamp(instant, 0)}Z`;

/** "+0200", "-0330". */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

/**
 * The instants in [from, to) where the zone's offset changes, each to the minute: days are scanned, and a
 * day whose offset differs from the one before is narrowed down by halves.
 */
function transitions(
  zone: string,
  from: number,
  to: number,
): { at: number; before: number; after: number }[] {
  const found = [];
  let previous = offsetMinutes(from, zone);
  for (let day = from + DAY_MS; day < to + DAY_MS; day += DAY_MS) {
    const current = offsetMinutes(day, zone);
    if (current === previous) continue;
    let low = day - DAY_MS;
    let high = day;
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 120_000) * 60_000;
      if (offsetMinutes(middle, zone) === previous) low = middle;
      else high = middle;
    }
    found.push({ at: high, before: previous, after: current });
    previous = current;
  }
  return found;
}

/**
 * The VTIMEZONE of a zone around an instant: its offset before the year preceding it, then every change of
 * offset from then to the end of the year after, each as a STANDARD or DAYLIGHT observance (no RRULE: the
 * dates themselves, which stay right when a country changes its rules). Covers the event and its reminders.
 */
function timeZoneLines(zone: string, around: number): string[] {
  const year = new Date(around).getUTCFullYear();
  const from = Date.UTC(year - 1, 0, 1);
  const to = Date.UTC(year + 2, 0, 1);
  const first = offsetMinutes(from, zone);
  const changes = transitions(zone, from, to);
  const observance = (kind: string, onset: string, before: number, after: number) => [
    `BEGIN:${kind}`,
    `DTSTART:${onset}`,
    `TZOFFSETFROM:${offsetText(before)}`,
    `TZOFFSETTO:${offsetText(after)}`,
    `END:${kind}`,
  ];
  const lowest = Math.min(first, ...changes.map((c) => c.after));
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${zone}`,
    ...observance(first > lowest ? 'DAYLIGHT' : 'STANDARD', '19700101T000000', first, first),
    ...changes.flatMap((c) =>
      // The onset is the wall-clock time just before the change, as RFC 5545 §3.6.5 writes it.
      observance(c.after > c.before ? 'DAYLIGHT' : 'STANDARD', localStamp(c.at, c.before), c.before, c.after),
    ),
    'END:VTIMEZONE',
  ];
}

/** A TEXT value escaped (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks. */
function text(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** A content line folded at 75 octets (RFC 5545 §3.1), never inside a UTF-8 character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** One meetup as an iCalendar object (METHOD:PUBLISH), CRLF line endings as RFC 5545 requires. */
export function meetupCalendar(event: CalendarEvent, now = new Date()): string {
  const start = event.startsAt.getTime();
  const end = start + event.durationMs;
  const zone = event.timeZone;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Amiko//Meetups//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...timeZoneLines(zone, start),
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    // A cancelled meetup's entry is a revision of the one given before: calendars take the higher SEQUENCE.
    `SEQUENCE:${event.cancelled ? 1 : 0}`,
    `DTSTAMP:${utcStamp(now.getTime())}`,
    `DTSTART;TZID=${zone}:${localStamp(start, offsetMinutes(start, zone))}`,
    `DTEND;TZID=${zone}:${localStamp(end, offsetMinutes(end, zone))}`,
    `SUMMARY:${text(event.summary)}`,
    `LOCATION:${text(event.location)}`,
    `DESCRIPTION:${text(event.description)}`,
    `URL:${event.url}`,
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
