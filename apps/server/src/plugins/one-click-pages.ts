import type { Deps } from '@amiko/api';
import type { UiLanguage } from '@amiko/core';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { requestLanguage } from '../session.ts';

// The small pages of the links in Amiko's mails that act without signing in (unsubscribe, "Can't make it"):
// their language, and one page that asks, answers or refuses, with a form when it asks.

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The language of the member a link names, else the visitor's. */
export async function linkLanguage(
  deps: Deps,
  request: FastifyRequest,
  memberId: string,
): Promise<UiLanguage> {
  const { db, t } = deps.database;
  const [row] = await db
    .select({ language: t.members.language })
    .from(t.members)
    .where(eq(t.members.id, memberId));
  return row?.language ?? requestLanguage(request, null);
}

/**
 * A page with the title and text `text(key + 'Title')` and `text(key + 'Text')` (the link's own texts in the
 * member's language), and the form, if any, below them.
 */
export function oneClickPage(
  language: UiLanguage,
  text: (key: string) => string,
  key: string,
  form?: string,
): string {
  const tr = (k: string) => escapeHtml(text(k));
  const body = `<h1>${tr(`${key}Title`)}</h1><p>${tr(`${key}Text`)}</p>${form ?? ''}`;
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${tr(`${key}Title`)} · Amiko</title><style>body{font-family:system-ui,sans-serif;max-width:560px;margin:48px auto;padding:0 16px;color:#222;line-height:1.5}button{font:inherit;padding:10px 18px;border-radius:8px;border:0;background:#e8590c;color:#fff;cursor:pointer}</style></head><body>${body}</body></html>`;
}
