import { DEFAULT_LANGUAGE } from '@amiko/core';

/**
 * Points the page's web app manifest link at the manifest in the interface's language (apps/web/public:
 * manifest.webmanifest in English, manifest-<language>.webmanifest otherwise), so that an Amiko installed
 * from a German page is named and described in German. The prerendered pages link theirs already.
 */
export function linkManifestOf(language: string | undefined): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (!link || !language) return;
  const href = language === DEFAULT_LANGUAGE ? '/manifest.webmanifest' : `/manifest-${language}.webmanifest`;
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}
