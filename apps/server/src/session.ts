import type { ValidSession, SessionStore } from '@amiko/auth';
import { DEVICE_COOKIE, LANGUAGE_COOKIE, SESSION_COOKIE, UI_LANGUAGES, type UiLanguage } from '@amiko/core';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface CookieSettings {
  secure: boolean;
}

/**
 * The session cookie's name: with the __Host- prefix when it is Secure (production), so that the browser
 * takes it only from this very host over HTTPS, for Path=/ and without a Domain (no subdomain or
 * plain-http page can set or shadow it); the plain name in development over http, where the prefix is
 * refused.
 */
export function sessionCookieName(settings: CookieSettings): string {
  return settings.secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/** The device cookie's name: with the __Host- prefix when Secure, as the session cookie's. */
export function deviceCookieName(settings: CookieSettings): string {
  return settings.secure ? `__Host-${DEVICE_COOKIE}` : DEVICE_COOKIE;
}

/** Answers that depend on who is signed in are never kept by a browser or a proxy cache. */
function noStore(reply: FastifyReply) {
  reply.header('Cache-Control', 'no-store');
}

export function setSessionCookie(
  reply: FastifyReply,
  settings: CookieSettings,
  token: string,
  expiresAt: Date,
) {
  noStore(reply);
  reply.setCookie(sessionCookieName(settings), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secure,
    path: '/',
    expires: expiresAt,
  });
}

/** Marks this browser as one that signed in (see DEVICE_COOKIE): HttpOnly, SameSite=Lax, Secure as the session's. */
export function setDeviceCookie(
  reply: FastifyReply,
  settings: CookieSettings,
  value: string,
  expiresAt: Date,
) {
  reply.setCookie(deviceCookieName(settings), value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secure,
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, settings: CookieSettings) {
  noStore(reply);
  reply.clearCookie(sessionCookieName(settings), {
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secure,
    path: '/',
  });
}

/**
 * The session behind a request's cookie, or null. A renewed session gets its cookie again with the new
 * expiry; a cookie that names no valid session is cleared. An answer to a request with a session cookie
 * is marked no-store.
 */
export async function authenticate(
  request: FastifyRequest,
  reply: FastifyReply | null,
  sessions: SessionStore,
  settings: CookieSettings,
): Promise<ValidSession | null> {
  const token = request.cookies[sessionCookieName(settings)];
  if (!token) return null;
  const session = await sessions.validate(token);
  if (reply) {
    noStore(reply);
    if (!session) clearSessionCookie(reply, settings);
    else if (session.renewed) setSessionCookie(reply, settings, token, session.expiresAt);
  }
  return session;
}

const isUiLanguage = (value: unknown): value is UiLanguage =>
  typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);

/** The member's language, else the interface language cookie, else the browser's first supported one. */
export function requestLanguage(request: FastifyRequest, session: ValidSession | null): UiLanguage {
  if (session) return session.member.language;
  const cookie = request.cookies[LANGUAGE_COOKIE]?.slice(0, 2);
  if (isUiLanguage(cookie)) return cookie;
  const accepted = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => part.trim().slice(0, 2).toLowerCase())
    .find(isUiLanguage);
  return accepted ?? 'en';
}
