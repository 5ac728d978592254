import type { ValidSession, SessionStore } from '@amiko/auth';
import { LANGUAGE_COOKIE, SESSION_COOKIE, UI_LANGUAGES, type UiLanguage } from '@amiko/core';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface CookieSettings {
  secure: boolean;
}

export function setSessionCookie(
  reply: FastifyReply,
  settings: CookieSettings,
  token: string,
  expiresAt: Date,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secure,
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, settings: CookieSettings) {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: settings.secure, path: '/' });
}

/**
 * The session behind a request's cookie, or null. A renewed session gets its cookie again with the new
 * expiry; a cookie that names no valid session is cleared.
 */
export async function authenticate(
  request: FastifyRequest,
  reply: FastifyReply | null,
  sessions: SessionStore,
  settings: CookieSettings,
): Promise<ValidSession | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return null;
  const session = await sessions.validate(token);
  if (reply) {
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
