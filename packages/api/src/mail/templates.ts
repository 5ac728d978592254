import type { UiLanguage } from '@amiko/core';
import type { Translate } from '@amiko/i18n/server';
import { renderMail, type MailContent } from './layout.ts';
import type { MailMessage } from './mailer.ts';

/**
 * Builds a mail from the "mail" namespace: `mail:<kind>.subject`, `.heading`, `.body` (paragraphs separated
 * by blank lines), and optionally `.action` and `.footnote`, all interpolated with `values`.
 */
export function composeMail(
  t: Translate,
  input: {
    kind: string;
    to: string;
    language: UiLanguage;
    values?: Record<string, string | number>;
    actionUrl?: string;
    hasFootnote?: boolean;
  },
): MailMessage {
  const { kind, language } = input;
  const tr = (key: string) => t(language, `mail:${kind}.${key}`, input.values ?? {});
  const content: MailContent = {
    heading: tr('heading'),
    paragraphs: tr('body').split(/\n\s*\n/),
    signature: t(language, 'mail:signature'),
    ...(input.actionUrl ? { action: { label: tr('action'), url: input.actionUrl } } : {}),
    ...(input.hasFootnote ? { footnote: tr('footnote') } : {}),
  };
  return { kind, to: input.to, language, subject: tr('subject'), ...renderMail(content, language) };
}
