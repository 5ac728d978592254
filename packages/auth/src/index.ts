export { createSessionStore, type SessionStore, type SessionMember, type ValidSession } from './sessions.ts';
export { hashPassword, verifyPassword } from './password.ts';
export { createOneTimeToken, findOneTimeToken, consumeOneTimeToken, type TokenRow } from './tokens.ts';
export { issueToken, parseToken, hashSecret, secretMatches } from './secret.ts';
export { generateSecureRandomString } from './random.ts';
export { issueDeviceCookie, trustedDevice, type DeviceOwner } from './device.ts';
