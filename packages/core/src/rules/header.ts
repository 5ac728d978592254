export type HeaderMode = 'full' | 'partial' | 'logoOnly';

export interface HeaderMember {
  emailVerified: boolean;
  interestCount: number;
  storyLength: number;
}

/**
 * SPEC §2 Header: only the logo while an onboarding step is held in session storage; full navigation for
 * a signed-in, verified member with at least one interest and a non-empty story; otherwise the partial
 * navigation with the Sign in / Sign up button.
 */
export function headerMode(input: {
  member: HeaderMember | null;
  onboardingStep: string | null;
}): HeaderMode {
  if (input.onboardingStep) return 'logoOnly';
  const m = input.member;
  if (m && m.emailVerified && m.interestCount >= 1 && m.storyLength > 0) return 'full';
  return 'partial';
}
