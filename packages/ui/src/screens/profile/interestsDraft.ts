import { INTERESTS, type Interest } from '@amiko/core';
import { INTERESTS_DRAFT_KEY } from '../../hooks/useOnboardingStep.ts';

// The interests picked in the onboarding step before Continue saves them (issue 30.9): kept in session
// storage beside the onboarding step, for this member only, so that a reload does not lose them. Ending
// onboarding (setOnboardingStep(null): finished, signed out, account deleted) forgets them too.

export function readInterestsDraft(memberId: string): Interest[] | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(INTERESTS_DRAFT_KEY) ?? 'null') as unknown;
    if (typeof stored !== 'object' || stored === null) return null;
    const { member, interests } = stored as { member?: unknown; interests?: unknown };
    if (member !== memberId || !Array.isArray(interests)) return null;
    return INTERESTS.filter((id) => interests.includes(id));
  } catch {
    return null;
  }
}

/** Keeps the member's picks; null forgets them (once saved). */
export function saveInterestsDraft(memberId: string, interests: readonly Interest[] | null): void {
  try {
    if (interests === null) sessionStorage.removeItem(INTERESTS_DRAFT_KEY);
    else sessionStorage.setItem(INTERESTS_DRAFT_KEY, JSON.stringify({ member: memberId, interests }));
  } catch {
    // Without storage the picks live as long as the page, as before.
  }
}
