import {
  MEETUP_CAPACITY_MAX,
  meetupInputSchema,
  type Language,
  type MeetupInput,
  type MeetupPlaceKind,
} from '@amiko/core';
import { z } from 'zod';

// What MeetupForm edits, its first values, and the rules it checks before sending: the procedure's own
// schema, and the pod's size (a meetup takes 12 people at most, so a pod of 8 has 4 extra places to offer).

export interface Values {
  /** A wall-clock time, "2026-12-05T19:30", as the browser's date and time field gives it. */
  startsAt: string;
  placeKind: MeetupPlaceKind;
  venueName: string;
  venueAddress: string;
  onlineLink: string;
  language: Language | null;
  extraPlaces: number;
}

/** What the pod page knows of the pod that the form needs. */
export interface MeetupPod {
  id: string;
  sizeLimit: number;
  languages: readonly Language[];
  place: { label: string } | null;
}

/** The browser's time zone: the one an online meetup's time is read in. */
export function ownTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** How many people from outside the pod an open meetup of this pod may take. */
export function extraPlacesMax(pod: MeetupPod): number {
  return Math.max(0, MEETUP_CAPACITY_MAX - pod.sizeLimit);
}

/**
 * The procedure's input. The browser's time zone goes along: the server reads a venue's time in the pod's
 * place's zone and uses this one only online (or for an online pod).
 */
export function toInput(pod: MeetupPod, values: Values): MeetupInput {
  return {
    podId: pod.id,
    startsAt: values.startsAt,
    timeZone: ownTimeZone(),
    placeKind: values.placeKind,
    venueName: values.venueName,
    venueAddress: values.venueAddress,
    onlineLink: values.onlineLink,
    language: values.language as Language,
    // A cleared number field gives '': no extra places.
    extraPlaces: typeof values.extraPlaces === 'number' ? values.extraPlaces : 0,
  };
}

export function formSchemaFor(pod: MeetupPod) {
  return z.custom<Values>().superRefine((values, context) => {
    const parsed = meetupInputSchema.safeParse(toInput(pod, values));
    for (const issue of parsed.error?.issues ?? []) {
      const field = issue.path[0];
      context.addIssue({ code: 'custom', path: field === undefined ? [] : [field], message: issue.message });
    }
    if (values.extraPlaces > extraPlacesMax(pod))
      context.addIssue({ code: 'custom', path: ['extraPlaces'], message: 'meetups:errors.tooManyPlaces' });
  });
}

export function initialValues(pod: MeetupPod, uiLanguage: string): Values {
  return {
    startsAt: '',
    placeKind: pod.place === null ? 'online' : 'cafe',
    venueName: '',
    venueAddress: '',
    onlineLink: '',
    language: pod.languages[0] ?? (uiLanguage === 'de' ? 'de' : 'en'),
    extraPlaces: 0,
  };
}
