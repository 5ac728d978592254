// The one mail layout: a heading, paragraphs and an optional button, as HTML and as plain text.

export interface MailContent {
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A closing line under the button, e.g. "If you did not ask for this, ignore this mail." */
  footnote?: string;
  signature: string;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function renderMail(content: MailContent, language: string): { html: string; text: string } {
  const paragraphs = content.paragraphs
    .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`)
    .join('');
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#1c7ed6;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(content.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555;word-break:break-all">${escapeHtml(content.action.url)}</p>`
    : '';
  const footnote = content.footnote
    ? `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(content.footnote)}</p>`
    : '';
  const html = `<!doctype html><html lang="${escapeHtml(language)}"><body style="font-family:system-ui,sans-serif;color:#222;line-height:1.5;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>${paragraphs}${action}${footnote}<p style="margin:24px 0 0">${escapeHtml(content.signature)}</p></body></html>`;
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    content.signature,
  ].join('\n');
  return { html, text };
}
