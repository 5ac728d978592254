import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EARLY_ACCESS_LIMIT, INTERESTS_MIN, STORY_MIN_LENGTH } from '../constants.ts';
import { CATALOGS } from '../catalogs.ts';
import {
  COMPLETION_FIELD_NAMES,
  profileFieldSpecs,
  profileSections,
  type ProfileFieldSpec,
  type ProfileSection,
} from '../schemas/profile.ts';
import {
  COMPLETION_MORE_FIELDS,
  COMPLETION_PARTS,
  nextCompletionSteps,
  profileCompletion,
} from './completion.ts';
import { decideGuard, isProtectedPath } from './guard.ts';
import { headerMode } from './header.ts';
import { nextOnboardingStep } from './onboarding.ts';
import { canMessage, freePlacesLeft, pricingDestination, showEarlyAccessBanner } from './pricing.ts';
import { countUnread, isUnread } from './unread.ts';

const complete = {
  emailVerified: true,
  hasPhoto: true,
  interestCount: INTERESTS_MIN,
  storyLength: STORY_MIN_LENGTH,
};

describe('route guard', () => {
  it('shows a spinner while the session loads', () => {
    expect(decideGuard({ loading: true, member: null, pathname: '/profile' })).toEqual({ state: 'loading' });
  });
  it('sends anonymous visitors to /auth', () => {
    expect(decideGuard({ loading: false, member: null, pathname: '/profile' })).toEqual({
      state: 'anonymous',
      redirectTo: '/auth',
    });
  });
  it('sends unverified members to /verify-email', () => {
    expect(
      decideGuard({ loading: false, member: { ...complete, emailVerified: false }, pathname: '/messages' }),
    ).toEqual({
      state: 'unverified',
      redirectTo: '/verify-email',
    });
  });
  it('sends members still onboarding to their next step, and lets them stay on an onboarding page', () => {
    const noPhoto = { ...complete, hasPhoto: false };
    expect(decideGuard({ loading: false, member: noPhoto, pathname: '/community' })).toEqual({
      state: 'onboarding',
      redirectTo: '/interests-list',
    });
    expect(
      decideGuard({ loading: false, member: { ...complete, storyLength: 10 }, pathname: '/profile' }),
    ).toEqual({
      state: 'onboarding',
      redirectTo: '/user-story',
    });
    expect(decideGuard({ loading: false, member: noPhoto, pathname: '/interests-list' })).toEqual({
      state: 'onboarding',
      redirectTo: null,
    });
  });
  it('lets members with a finished profile through', () => {
    expect(decideGuard({ loading: false, member: complete, pathname: '/messages' })).toEqual({
      state: 'full',
    });
  });
  it('knows the protected routes of SPEC §2', () => {
    for (const path of [
      '/profile',
      '/profile-view/abc',
      '/payment-success',
      '/messages',
      '/settings/user-info',
      '/favorites',
      '/interests-list',
      '/user-story',
      '/payment-info',
    ]) {
      expect(isProtectedPath(path), path).toBe(true);
    }
    for (const path of ['/', '/auth', '/community', '/pricing', '/profiles', '/faq']) {
      expect(isProtectedPath(path), path).toBe(false);
    }
  });
});

describe('onboarding order', () => {
  it('asks for the picture, then 10 interests, then the story', () => {
    expect(nextOnboardingStep({ hasPhoto: false, interestCount: 0, storyLength: 0 })).toBe('photo');
    expect(nextOnboardingStep({ hasPhoto: true, interestCount: 9, storyLength: 500 })).toBe('interests');
    expect(nextOnboardingStep({ hasPhoto: true, interestCount: 10, storyLength: 299 })).toBe('story');
    expect(nextOnboardingStep({ hasPhoto: true, interestCount: 10, storyLength: 300 })).toBeNull();
  });
});

describe('header mode', () => {
  const member = { emailVerified: true, interestCount: 1, storyLength: 1 };
  it('shows only the logo while an onboarding step is held', () => {
    expect(headerMode({ member, onboardingStep: 'story' })).toBe('logoOnly');
    expect(headerMode({ member: null, onboardingStep: 'photo' })).toBe('logoOnly');
  });
  it('shows full navigation to a verified member with an interest and a story', () => {
    expect(headerMode({ member, onboardingStep: null })).toBe('full');
  });
  it('shows the partial navigation otherwise', () => {
    expect(headerMode({ member: null, onboardingStep: null })).toBe('partial');
    expect(headerMode({ member: { ...member, emailVerified: false }, onboardingStep: null })).toBe('partial');
    expect(headerMode({ member: { ...member, interestCount: 0 }, onboardingStep: null })).toBe('partial');
    expect(headerMode({ member: { ...member, storyLength: 0 }, onboardingStep: null })).toBe('partial');
  });
});

describe('pricing destinations (every access state)', () => {
  const unpaid = { hasPaid: false, hasFreeAccess: false };
  const cases = [
    { card: 'earlyAccess', member: null, count: 10, to: '/auth' },
    { card: 'standardAccess', member: null, count: 900, to: '/auth' },
    { card: 'earlyAccess', member: { hasPaid: true, hasFreeAccess: false }, count: 900, to: '/community' },
    { card: 'standardAccess', member: { hasPaid: true, hasFreeAccess: false }, count: 900, to: '/community' },
    { card: 'earlyAccess', member: { hasPaid: false, hasFreeAccess: true }, count: 900, to: '/community' },
    { card: 'standardAccess', member: { hasPaid: false, hasFreeAccess: true }, count: 900, to: '/community' },
    { card: 'earlyAccess', member: unpaid, count: EARLY_ACCESS_LIMIT - 1, to: '/community' },
    { card: 'standardAccess', member: unpaid, count: EARLY_ACCESS_LIMIT - 1, to: '/payment-info' },
    // Every early-access place taken: the Early Access card offers nothing (issue 18.2).
    { card: 'earlyAccess', member: unpaid, count: EARLY_ACCESS_LIMIT, to: null },
    { card: 'earlyAccess', member: null, count: EARLY_ACCESS_LIMIT, to: null },
    { card: 'standardAccess', member: unpaid, count: EARLY_ACCESS_LIMIT, to: '/payment-info' },
  ] as const;
  for (const c of cases) {
    it(`${c.card}, ${c.member ? JSON.stringify(c.member) : 'signed out'}, ${c.count} members → ${c.to}`, () => {
      expect(pricingDestination({ card: c.card, member: c.member, memberCount: c.count })).toBe(c.to);
    });
  }
  it('never sends a member with access to payment, whatever the count', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.nat(),
        fc.constantFrom('earlyAccess', 'standardAccess'),
        (paid, free, n, card) => {
          const to = pricingDestination({
            card,
            member: { hasPaid: paid, hasFreeAccess: free },
            memberCount: n,
          });
          if (canMessage({ hasPaid: paid, hasFreeAccess: free })) expect(to).toBe('/community');
          else expect(['/community', '/payment-info', null]).toContain(to);
        },
      ),
    );
  });
  it('never leads to payment from the Early Access card once its places are gone', () => {
    fc.assert(
      fc.property(
        fc.option(fc.record({ hasPaid: fc.boolean(), hasFreeAccess: fc.boolean() })),
        fc.integer({ min: EARLY_ACCESS_LIMIT, max: 10 * EARLY_ACCESS_LIMIT }),
        (member, memberCount) => {
          const to = pricingDestination({ card: 'earlyAccess', member, memberCount });
          expect(to).toBe(member && canMessage(member) ? '/community' : null);
        },
      ),
    );
  });
  it('shows the early-access banner below 500 members only', () => {
    expect(showEarlyAccessBanner(499)).toBe(true);
    expect(showEarlyAccessBanner(500)).toBe(false);
    expect(freePlacesLeft(480)).toBe(20);
    expect(freePlacesLeft(600)).toBe(0);
  });
});

/** A filled value for a field of the given kind (completion only asks whether a field is filled). */
function filledValue(spec: ProfileFieldSpec): unknown {
  switch (spec.kind) {
    case 'select':
      return CATALOGS[spec.catalog][0];
    case 'multi':
      return CATALOGS[spec.catalog].slice(0, 1);
    case 'levels':
      return { [CATALOGS[spec.keys][0]]: CATALOGS[spec.levels][0] };
    case 'month':
      return '2026-01';
    case 'switch':
      return true;
    case 'place':
      return 2867714;
    default:
      return `some ${spec.name}`;
  }
}

/**
 * Every field of a section filled, made from core's field specs (a field whose schema is written out by hand
 * gets a text): a field added to the section, as docs/development.md's recipe does, is filled here too.
 */
function filledSection(section: ProfileSection): Record<string, unknown> {
  const specs = new Map(profileFieldSpecs(section).map((spec) => [spec.name as string, spec]));
  return Object.fromEntries(
    Object.keys(profileSections[section].shape).map((name) => {
      const spec = specs.get(name);
      return [name, spec ? filledValue(spec) : `some ${name}`];
    }),
  );
}

describe('profile completion', () => {
  const everything = () =>
    Object.fromEntries(
      COMPLETION_FIELD_NAMES.map((name) => [name, name === 'bigFiveTraits' ? { openness: 'high' } : ['x']]),
    );
  it('is 0 for an empty profile (a name alone) and 100 when every field and the photo are there', () => {
    expect(profileCompletion({ hasPhoto: false })).toBe(0);
    expect(profileCompletion({ hasPhoto: false, name: 'Ana' })).toBe(0);
    expect(profileCompletion({ ...everything(), hasPhoto: true })).toBe(100);
    expect(nextCompletionSteps({ ...everything(), hasPhoto: true })).toEqual([]);
  });
  it('counts empty strings, empty lists and empty objects as missing', () => {
    expect(profileCompletion({ hasPhoto: false, name: '  ', interests: [], bigFiveTraits: {} })).toBe(0);
  });
  it('gives finishing onboarding (photo, interests, story) a fair share, and names the next two steps (issue 30.8)', () => {
    const onboarded = { hasPhoto: true, name: 'Ana', interests: ['hiking'], story: 'x'.repeat(300) };
    // Counted field by field it was 8%.
    expect(profileCompletion(onboarded)).toBe(60);
    expect(nextCompletionSteps(onboarded)).toEqual([
      { part: 'place', gain: 10, section: 'basic' },
      { part: 'languages', gain: 10, section: 'basic' },
    ]);
    const placed = { ...onboarded, placeId: 2950159, nativeLanguage: 'de' };
    expect(profileCompletion(placed)).toBe(80);
    expect(nextCompletionSteps(placed)).toEqual([
      { part: 'lookingFor', gain: 10, section: 'relationship' },
      { part: 'more', gain: 10, section: 'personality' },
    ]);
    // "More about you" leads to the first section that still has an empty field: with every personality
    // field filled (whichever fields the section has), the skills, the first section after it.
    const withPersonality = { ...placed, lookingFor: ['friendship'], ...filledSection('personality') };
    const filledMore = COMPLETION_MORE_FIELDS.filter((name) => name in withPersonality).length;
    expect(filledMore).toBe(Object.keys(profileSections.personality.shape).length);
    expect(nextCompletionSteps(withPersonality)).toEqual([
      {
        part: 'more',
        gain: Math.round(10 * (1 - filledMore / COMPLETION_MORE_FIELDS.length)),
        section: 'skills',
      },
    ]);
    // One personality field left empty keeps it there.
    const [first] = profileFieldSpecs('personality');
    expect(nextCompletionSteps({ ...withPersonality, [first!.name]: null })).toEqual([
      expect.objectContaining({ part: 'more', section: 'personality' }),
    ]);
  });
  it('stays within 0..100, never falls when a field is filled, and its steps add up to the rest', () => {
    fc.assert(
      fc.property(
        fc.subarray([...COMPLETION_FIELD_NAMES]),
        fc.constantFrom(...COMPLETION_FIELD_NAMES),
        fc.boolean(),
        (names, extra, photo) => {
          const profile = { ...Object.fromEntries(names.map((n) => [n, 'x'])), hasPhoto: photo };
          const value = profileCompletion(profile);
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(100);
          expect(profileCompletion({ ...profile, [extra]: 'x' })).toBeGreaterThanOrEqual(value);
          const steps = nextCompletionSteps(profile, COMPLETION_PARTS.length);
          const rest = steps.reduce((sum, step) => sum + step.gain, 0);
          expect(Math.abs(value + rest - 100)).toBeLessThanOrEqual(1);
          expect(steps.map((s) => s.gain)).toEqual([...steps.map((s) => s.gain)].sort((a, b) => b - a));
        },
      ),
    );
  });
});

describe('unread rule', () => {
  it('is unread for the recipient who is not the sender and not in readBy', () => {
    expect(isUnread({ senderId: 'a', recipientId: 'b', readBy: [] }, 'b')).toBe(true);
    expect(isUnread({ senderId: 'a', recipientId: 'b', readBy: ['b'] }, 'b')).toBe(false);
    expect(isUnread({ senderId: 'a', recipientId: 'b', readBy: [] }, 'a')).toBe(false);
    expect(isUnread({ senderId: 'b', recipientId: 'b', readBy: [] }, 'b')).toBe(false);
    expect(isUnread({ senderId: 'a', recipientId: 'b', readBy: [] }, 'c')).toBe(false);
  });
  it('counts the unread messages of a member', () => {
    const messages = [
      { senderId: 'a', recipientId: 'b', readBy: [] },
      { senderId: 'a', recipientId: 'b', readBy: ['b'] },
      { senderId: 'b', recipientId: 'a', readBy: [] },
    ];
    expect(countUnread(messages, 'b')).toBe(1);
    expect(countUnread(messages, 'a')).toBe(1);
  });
});
