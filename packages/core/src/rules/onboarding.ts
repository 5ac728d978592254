import { INTERESTS_MIN, STORY_MIN_LENGTH } from '../constants.ts';

/** What the onboarding and header rules need to know about a member's profile. */
export interface ProfileProgress {
  hasPhoto: boolean;
  interestCount: number;
  storyLength: number;
}

export const ONBOARDING_STEPS = ['photo', 'interests', 'story'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** Where each onboarding step is completed. The photo and interests steps share the interests page. */
export const ONBOARDING_STEP_PATHS: Record<OnboardingStep, string> = {
  photo: '/interests-list',
  interests: '/interests-list',
  story: '/user-story',
};
export const ONBOARDING_PATHS = ['/interests-list', '/user-story'] as const;
/** The sessionStorage key that holds the current onboarding step (SPEC §4). */
export const ONBOARDING_STORAGE_KEY = 'amiko.onboardingStep';

/** The first step still to do, in order: a profile picture, then 10 interests, then a 300-character story. */
export function nextOnboardingStep(progress: ProfileProgress): OnboardingStep | null {
  if (!progress.hasPhoto) return 'photo';
  if (progress.interestCount < INTERESTS_MIN) return 'interests';
  if (progress.storyLength < STORY_MIN_LENGTH) return 'story';
  return null;
}

export function isOnboardingComplete(progress: ProfileProgress): boolean {
  return nextOnboardingStep(progress) === null;
}

export function isOnboardingStep(value: unknown): value is OnboardingStep {
  return typeof value === 'string' && (ONBOARDING_STEPS as readonly string[]).includes(value);
}
