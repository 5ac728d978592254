import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

/** 120 random bits from the CSPRNG as 24 base32 characters (the alphabet of lucia-auth.com). */
export function generateSecureRandomString(): string {
  const bytes = new Uint8Array(15);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}
