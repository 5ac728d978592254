import {
  ONBOARDING_PATHS,
  ONBOARDING_STEP_PATHS,
  nextOnboardingStep,
  type ProfileProgress,
} from './onboarding.ts';

/** The protected routes of SPEC §2: they need a signed-in member. */
export const PROTECTED_PATHS = [
  '/profile',
  '/profile-view',
  '/payment-success',
  '/messages',
  '/settings',
  '/favorites',
  '/pods',
  '/interests-list',
  '/user-story',
  '/payment-info',
] as const;

export function isProtectedPath(pathname: string): boolean {
  return PROTECTED_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export interface GuardMember extends ProfileProgress {
  emailVerified: boolean;
}

export type GuardDecision =
  | { state: 'loading' }
  | { state: 'anonymous'; redirectTo: '/auth' }
  | { state: 'unverified'; redirectTo: '/verify-email' }
  | { state: 'onboarding'; redirectTo: string | null }
  | { state: 'full' };

/**
 * What a protected route does (SPEC §2 guard behaviour): a spinner while the session loads, anonymous
 * visitors to /auth, unverified members to /verify-email, members who have not finished onboarding to
 * the page of their next step (none when they are already on an onboarding page), everyone else through.
 */
export function decideGuard(input: {
  loading: boolean;
  member: GuardMember | null;
  pathname: string;
}): GuardDecision {
  if (input.loading) return { state: 'loading' };
  if (!input.member) return { state: 'anonymous', redirectTo: '/auth' };
  if (!input.member.emailVerified) return { state: 'unverified', redirectTo: '/verify-email' };
  const step = nextOnboardingStep(input.member);
  if (step) {
    const onOnboardingPage = (ONBOARDING_PATHS as readonly string[]).includes(input.pathname);
    return { state: 'onboarding', redirectTo: onOnboardingPage ? null : ONBOARDING_STEP_PATHS[step] };
  }
  return { state: 'full' };
}
