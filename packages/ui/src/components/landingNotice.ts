/** What a page can be told it was reached after (issue 30.10): navigate(to, landingNotice(kind)). */
export type LandingNoticeKind = 'passwordReset' | 'accountDeleted';

const KINDS: readonly string[] = ['passwordReset', 'accountDeleted'] satisfies LandingNoticeKind[];

/** The router state that puts a notice on the page a member lands on. */
export function landingNotice(notice: LandingNoticeKind) {
  return { state: { notice } };
}

/** The notice a history entry's state asks for, or null. */
export function landingNoticeOf(state: unknown): LandingNoticeKind | null {
  const notice = (state as { notice?: unknown } | null)?.notice;
  return typeof notice === 'string' && KINDS.includes(notice) ? (notice as LandingNoticeKind) : null;
}
