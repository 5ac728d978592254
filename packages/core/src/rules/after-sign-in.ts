import { isProtectedPath } from './guard.ts';
import { ONBOARDING_STEP_PATHS, nextOnboardingStep, type ProfileProgress } from './onboarding.ts';

export interface SignedInMember extends ProfileProgress {
  emailVerified: boolean;
}

/**
 * Where a signed-in member belongs when they arrive at /auth or /verify-email, or have just signed in:
 * unverified members to /verify-email, members still onboarding to their next step, everyone else back to
 * the protected page they wanted (`from`) or to the community.
 */
export function destinationAfterSignIn(member: SignedInMember, from?: string | null): string {
  if (!member.emailVerified) return '/verify-email';
  const step = nextOnboardingStep(member);
  if (step) return ONBOARDING_STEP_PATHS[step];
  if (from && from.startsWith('/') && !from.startsWith('//') && isProtectedPath(from.split(/[?#]/)[0]!)) {
    return from;
  }
  return '/community';
}
