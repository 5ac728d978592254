// Procedures throw errors whose message is an i18n key ("namespace:errors.name"); the UI translates it.
// `AppErrorCode` is the stable, machine-readable reason a client may branch on (e.g. PAYMENT_REQUIRED
// sends the member to /payment-info).

export const APP_ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'EMAIL_NOT_VERIFIED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  // The server is busy with the caller's earlier requests: ask again in a moment (clients retry by themselves).
  'BUSY',
  'PAYMENT_REQUIRED',
  'BLOCKED',
  'INTERNAL',
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

/** Keys every namespace can rely on; features add their own under "<namespace>:errors.*". */
export const COMMON_ERRORS = {
  unknown: 'common:errors.unknown',
  requiredField: 'common:userProfile.requiredField',
  notSignedIn: 'common:errors.notSignedIn',
  emailNotVerified: 'common:errors.emailNotVerified',
  forbidden: 'common:errors.forbidden',
  notFound: 'common:errors.notFound',
  tooManyRequests: 'common:errors.tooManyRequests',
  invalidInput: 'common:errors.invalidInput',
  tooLong: 'common:errors.tooLong',
  controlCharacters: 'common:errors.controlCharacters',
} as const;

/** A key is "namespace:path"; anything else (a stray library message) is shown as the generic error. */
export function isI18nKey(message: string): boolean {
  return /^[a-z][a-zA-Z]*:[A-Za-z0-9_.]+$/.test(message);
}
