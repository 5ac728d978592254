// "Who is around" (issue 19.2): members see a coarse sign of when someone was last active, never a time.
// The server turns a member's last activity into one of these buckets; clients only ever get the bucket.

const MINUTE = 60_000;

/** Active within this long counts as "Active now" (a live socket keeps the stamp younger, see below). */
export const ACTIVE_NOW_MS = 5 * MINUTE;
/** "Active today": within the last 24 hours (rolling, the same for every viewer's time zone). */
export const ACTIVE_TODAY_MS = 24 * 60 * MINUTE;
/** "Active this week": within the last 7 days; anything older shows nothing. */
export const ACTIVE_WEEK_MS = 7 * 24 * 60 * MINUTE;
/**
 * A member's last activity is written at most this often per server process (authenticated requests, a
 * socket connecting, and every live socket refreshed on this period), so a connected member's stamp is
 * always younger than ACTIVE_NOW_MS.
 */
export const ACTIVITY_STAMP_INTERVAL_MS = 2 * MINUTE;

export const ACTIVITY_BUCKETS = ['now', 'today', 'week'] as const;
/** The sign a card or profile shows: null shows nothing (older than a week, never, or hidden). */
export type ActivityBucket = (typeof ACTIVITY_BUCKETS)[number];

/** The bucket of a last activity at `lastActiveAt`, seen at `now`. A stamp from the future counts as now. */
export function activityBucket(lastActiveAt: Date | null, now: Date): ActivityBucket | null {
  if (!lastActiveAt) return null;
  const age = now.getTime() - lastActiveAt.getTime();
  if (age <= ACTIVE_NOW_MS) return 'now';
  if (age <= ACTIVE_TODAY_MS) return 'today';
  if (age <= ACTIVE_WEEK_MS) return 'week';
  return null;
}

/**
 * What a viewer sees of a member's activity: nothing unless both show theirs ("Show when I'm active" in
 * Settings → Privacy, as WhatsApp's last seen: who hides theirs sees nobody's).
 */
export function visibleActivity(
  member: { lastActiveAt: Date | null; showActivity: boolean },
  viewer: { showActivity: boolean },
  now: Date,
): ActivityBucket | null {
  if (!member.showActivity || !viewer.showActivity) return null;
  return activityBucket(member.lastActiveAt, now);
}
