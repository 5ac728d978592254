// The member's language on the desktop: the one the UI shows (its <html lang>, read after each page
// load), before the first page the system's. Menus, tray, notices and spell checking follow it.
import type { UiLanguage } from '@amiko/core';
import type { BrowserWindow, Session } from 'electron';
import { pickLanguage } from './i18n.ts';

/** Spell checking in the member's language, with the dictionary the system has for it. */
export function applySpellChecking(session: Session, language: UiLanguage): void {
  const available = session.availableSpellCheckerLanguages;
  const dictionary =
    available.find((code) => code === language) ?? available.find((code) => code.startsWith(`${language}-`));
  // macOS checks with the system's own speller and has no list to choose from.
  if (dictionary) session.setSpellCheckerLanguages([dictionary]);
}

/** Calls onChange with the page's language whenever it differs from the last one seen. */
export function followPageLanguage(
  window: BrowserWindow,
  initial: UiLanguage,
  onChange: (language: UiLanguage) => void,
) {
  let current = initial;
  const read = () => {
    if (window.isDestroyed()) return;
    // In an isolated world: the page's scripts cannot interfere, and the answer is checked anyway.
    window.webContents
      .executeJavaScriptInIsolatedWorld(999, [{ code: 'document.documentElement.lang' }])
      .then((lang: unknown) => {
        if (typeof lang !== 'string' || !lang) return;
        const language = pickLanguage([lang]);
        if (language === current) return;
        current = language;
        onChange(language);
      })
      .catch(() => {});
  };
  window.webContents.on('did-finish-load', read);
  window.webContents.on('did-navigate-in-page', read);
  window.on('focus', read);
}
