import { isOnboardingStep, ONBOARDING_STORAGE_KEY, type OnboardingStep } from '@amiko/core';
import { useSyncExternalStore } from 'react';

// SPEC §4: the onboarding step is kept in session storage and removed when onboarding ends. Components
// of this tab learn about changes through the listeners; other tabs keep their own step.
const listeners = new Set<() => void>();
/** The interests picked in the onboarding step and not saved yet (screens/profile/interestsDraft.ts). */
export const INTERESTS_DRAFT_KEY = 'amiko.onboardingInterests';

function read(): OnboardingStep | null {
  try {
    const value = sessionStorage.getItem(ONBOARDING_STORAGE_KEY);
    return isOnboardingStep(value) ? value : null;
  } catch {
    return null;
  }
}

export function setOnboardingStep(step: OnboardingStep | null): void {
  try {
    if (step) sessionStorage.setItem(ONBOARDING_STORAGE_KEY, step);
    else {
      sessionStorage.removeItem(ONBOARDING_STORAGE_KEY);
      // Onboarding over (finished, signed out, account deleted): nothing of it stays in the tab.
      sessionStorage.removeItem(INTERESTS_DRAFT_KEY);
    }
  } catch {
    // Storage can be unavailable (private mode); the step then lives only as long as the page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOnboardingStep(): OnboardingStep | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
