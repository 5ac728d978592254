import type { DirectoryFilters, DirectorySort } from '@amiko/core';

// What goes into the directory index and what comes out of it: the member row it is fed (query.ts), a
// search and its hits, and the cursor a page ends at. member-index.ts re-exports them.

/** What the index needs to know about a member row. */
export interface DirectoryEntry {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  birthday: string | null;
  gender: string | null;
  country: string | null;
  city: string | null;
  /** The member's place, a GeoNames id (@amiko/places); null when they have none. */
  placeId: number | null;
  nativeLanguage: string | null;
  otherLanguages: readonly string[];
  lookingFor: readonly string[];
  interests: readonly string[];
  hasPhoto: boolean;
  storyLength: number;
  /** The last activity, coarse (services/activity.ts); null when never. */
  lastActiveAt: Date | null;
  /** "Show when I'm active": when off, the member sorts as inactive in the recently-active order. */
  showActivity: boolean;
  newInTown: string | null;
  welcomesNewcomers: boolean;
}

/** Where a page ended: the sort keys of its last member. */
export interface DirectoryCursor {
  /** Interests shared with the viewer (the first key of the shared-interests order). */
  shared: number;
  /** The recently-active order's first key: the last activity (ms) within the week, else 0. */
  active: number;
  createdAt: number;
  id: string;
  /** The nearby order's first key: the GeoNames id of the member's place (0: none), whose distance it is. */
  place: number;
}

export interface DirectorySearch {
  /** The filters; `near` is the place "within N km" and the nearby order measure from (the service fills in
   * the viewer's own when none was chosen). */
  filters: DirectoryFilters;
  sort: DirectorySort;
  /** The viewer's interests (catalog ids), whose overlap the shared-interests order counts. */
  viewerInterests: readonly string[];
  /** Members never to return: the viewer and everyone blocked either way. */
  exclude: ReadonlySet<string>;
  after: DirectoryCursor | null;
  /** How many hits to return at most. */
  limit: number;
  now: Date;
  /** The viewer hides their activity, so sees nobody's: the recently-active order is newest first. */
  hideActivity?: boolean;
}

export interface DirectoryHit {
  id: string;
  shared: number;
  /** The last activity by which the recently-active order sorted this member (0 in the other orders). */
  active: number;
  createdAt: number;
  /** The place (GeoNames id) by whose distance the nearby order sorted this member (0: none, other orders). */
  place: number;
}
