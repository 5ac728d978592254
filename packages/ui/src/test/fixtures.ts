import type { MessageView, RouterOutputs } from '@amiko/api';

// Typed API answers for component tests: the shapes the real router returns, filled with plain values.

type Me = NonNullable<RouterOutputs['auth']['me']>;
type DirectoryCard = RouterOutputs['community']['directory']['items'][number];
type PodOnItsPage = RouterOutputs['pods']['get'];
type MeetupView = RouterOutputs['meetups']['ofPod'][number];

/** A verified, paying member (auth.me). */
export function signedInMember(overrides: Partial<Me> = {}): Me {
  return {
    id: 'ben',
    name: 'Ben Baker',
    email: 'ben@example.com',
    emailVerified: true,
    hasPaid: true,
    hasFreeAccess: false,
    language: 'en',
    avatarUrl: null,
    hasPhoto: false,
    interestCount: 5,
    storyLength: 120,
    ...overrides,
  };
}

export function directoryCard(id: string, name: string): DirectoryCard {
  return {
    id,
    name,
    avatarUrl: null,
    city: null,
    age: 30,
    interests: [],
    moreInterests: 0,
    sharedInterests: 0,
    activity: null,
    newInTown: null,
  };
}

/** A stored message of conversation "c" between Ana and Ben. */
export function storedMessage(
  id: number,
  from: 'ana' | 'ben',
  body = `Message ${id}`,
  readAt: number | null = null,
): MessageView {
  return {
    id,
    conversationId: 'c',
    senderId: from,
    recipientId: from === 'ana' ? 'ben' : 'ana',
    clientId: `client-${id}`,
    body,
    createdAt: Date.UTC(2025, 4, 1, 12, id),
    readAt,
  };
}

type PlaceResult = RouterOutputs['places']['search'][number];

/** A few towns as places.search names them in English (GeoNames ids as the gazetteer's). */
export const TEST_PLACES: PlaceResult[] = [
  {
    id: 2867714,
    name: 'Munich',
    region: 'Bavaria',
    countryCode: 'DE',
    country: 'Germany',
    regionNeeded: false,
  },
  {
    id: 2911298,
    name: 'Hamburg',
    region: 'Hamburg',
    countryCode: 'DE',
    country: 'Germany',
    regionNeeded: true,
  },
  {
    id: 2950159,
    name: 'Berlin',
    region: 'Berlin',
    countryCode: 'DE',
    country: 'Germany',
    regionNeeded: true,
  },
  { id: 2778067, name: 'Graz', region: 'Styria', countryCode: 'AT', country: 'Austria', regionNeeded: false },
  {
    id: 2925533,
    name: 'Frankfurt am Main',
    region: 'Hesse',
    countryCode: 'DE',
    country: 'Germany',
    regionNeeded: false,
  },
  {
    id: 2925535,
    name: 'Frankfurt (Oder)',
    region: 'Brandenburg',
    countryCode: 'DE',
    country: 'Germany',
    regionNeeded: false,
  },
];

/** places.search over TEST_PLACES: a prefix of the name, folded as the server folds ("münch" finds Munich). */
export function searchTestPlaces({ query }: { query: string }): PlaceResult[] {
  const fold = (text: string) =>
    text.toLowerCase().replace(/ü/g, 'u').normalize('NFD').replace(/\p{M}/gu, '');
  const q = fold(query.trim());
  return TEST_PLACES.filter(
    (place) => fold(place.name).startsWith(q) || (q.startsWith('munch') && place.id === 2867714),
  );
}

/** An open interest pod in Reykjavík of which the viewer is a member (pods.get). */
export function podOnItsPage(overrides: Partial<PodOnItsPage> = {}): PodOnItsPage {
  return {
    id: 'p1',
    name: 'Hiking Reykjavík',
    kind: 'interests',
    interests: ['hiking'],
    languages: ['en'],
    level: null,
    place: { id: 3413829, label: 'Reykjavík' },
    description: '',
    sizeLimit: 8,
    joinRule: 'open',
    members: [],
    freePlaces: 5,
    myRole: 'member',
    messagesThisWeek: 0,
    nextMeetup: null,
    quiet: null,
    requested: false,
    invited: false,
    requests: [],
    ...overrides,
  };
}

/** The pod's café meetup next year on 5 June, 19:30 in Reykjavík, as a member not answering sees it. */
export function meetupView(id: string, overrides: Partial<MeetupView> = {}): MeetupView {
  return {
    id,
    podId: 'p1',
    podName: 'Hiking Reykjavík',
    startsAt: Date.UTC(new Date().getUTCFullYear() + 1, 5, 5, 19, 30),
    timeZone: 'Atlantic/Reykjavik',
    placeKind: 'cafe',
    area: 'Reykjavík',
    venueName: null,
    venueAddress: null,
    onlineLink: null,
    language: 'en',
    capacity: 8,
    open: false,
    going: 3,
    waitlist: 0,
    myStatus: null,
    waitlistPosition: null,
    proposedByMe: false,
    mayCancel: false,
    ...overrides,
  };
}
