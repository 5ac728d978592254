import type { UiLanguage } from '@amiko/core';
import type { Translate } from '@amiko/i18n/server';
import { renderMail, type MailContent } from './layout.ts';
import type { MailMessage } from './mailer.ts';

/**
 * Keeps a member's text from becoming a link in a mail client: mail programs turn anything that looks like
 * a web address (https://…, www.…, evil.example) into a link, in HTML and in plain text alike. The text is
 * defanged the way security reports write addresses: "https[:]//evil[.]example".
 */
export function defangLinks(text: string): string {
  return text.replace(/:\/\//g, '[:]//').replace(/([\p{L}\p{N}-])\.(?=\p{L}[\p{L}\p{N}-])/gu, '$1[.]');
}

/**
 * Builds a mail from the "mail" namespace: `mail:<kind>.subject`, `.heading` (or `headingKey`), `.body`
 * (paragraphs separated by blank lines), and optionally `.action` and `.footnote`, all interpolated with
 * `values` (Amiko's own: links, numbers, labels, validated addresses) and `memberText` (what a member
 * typed: a name, a message), which is defanged so that it never becomes a link.
 */
export function composeMail(
  t: Translate,
  input: {
    kind: string;
    to: string;
    language: UiLanguage;
    values?: Record<string, string | number>;
    memberText?: Record<string, string>;
    headingKey?: string;
    actionUrl?: string;
    hasFootnote?: boolean;
  },
): MailMessage {
  const { kind, language } = input;
  const memberText = Object.fromEntries(
    Object.entries(input.memberText ?? {}).map(([name, text]) => [name, defangLinks(text)]),
  );
  const values = { ...input.values, ...memberText };
  const tr = (key: string) => t(language, `mail:${kind}.${key}`, values);
  const content: MailContent = {
    heading: tr(input.headingKey ?? 'heading'),
    paragraphs: tr('body').split(/\n\s*\n/),
    signature: t(language, 'mail:signature'),
    ...(input.actionUrl ? { action: { label: tr('action'), url: input.actionUrl } } : {}),
    ...(input.hasFootnote ? { footnote: tr('footnote') } : {}),
  };
  return { kind, to: input.to, language, subject: tr('subject'), ...renderMail(content, language) };
}
