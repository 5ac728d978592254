import { EARLY_ACCESS_LIMIT } from '../constants.ts';

export type PricingCard = 'earlyAccess' | 'standardAccess';

export interface AccessState {
  hasPaid: boolean;
  hasFreeAccess: boolean;
}

/** Messaging is open to paying members and to the early-access members (SPEC §6). */
export function canMessage(access: AccessState): boolean {
  return access.hasPaid || access.hasFreeAccess;
}

/**
 * Where a pricing card's button leads (SPEC §2 Pricing): /auth when signed out; /community for members who
 * paid or have free access; /community from the Early Access card while fewer than 500 members exist;
 * /payment-info otherwise. Except that once every early-access place is taken, the Early Access card leads
 * nowhere (null) for anyone without access: it has nothing free left to offer, and its button must not
 * lead to the payment (issue 18.2).
 */
export function pricingDestination(input: {
  card: PricingCard;
  member: AccessState | null;
  memberCount: number;
}): '/auth' | '/community' | '/payment-info' | null {
  const hasAccess = input.member !== null && canMessage(input.member);
  if (input.card === 'earlyAccess' && input.memberCount >= EARLY_ACCESS_LIMIT && !hasAccess) return null;
  if (!input.member) return '/auth';
  if (hasAccess) return '/community';
  if (input.card === 'earlyAccess' && input.memberCount < EARLY_ACCESS_LIMIT) return '/community';
  return '/payment-info';
}

/** SPEC §1: the early-access banner shows while the fetched number is below the limit. */
export function showEarlyAccessBanner(memberCount: number): boolean {
  return memberCount < EARLY_ACCESS_LIMIT;
}

export function freePlacesLeft(memberCount: number): number {
  return Math.max(0, EARLY_ACCESS_LIMIT - memberCount);
}
