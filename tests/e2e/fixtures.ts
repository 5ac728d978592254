import { test as base, expect, type Page } from '@playwright/test';
import { spawnAmiko, type AmikoProcess } from '../support/amiko-process.ts';

/**
 * `amiko`: one real server per worker (its own process and SQLite database), and `baseURL` pointing at it.
 * Tests that need a server of their own (a given member count, say) call spawnAmiko themselves.
 */
export const test = base.extend<object, { amiko: AmikoProcess }>({
  amiko: [
    async ({}, use) => {
      const server = await spawnAmiko();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ amiko }, use) => {
    await use(amiko.url);
  },
});

export { expect };

/** Opens a page in a given interface language, the way a visitor's choice is remembered. */
export async function useLanguage(page: Page, language: 'en' | 'de') {
  await page.addInitScript((lng) => window.localStorage.setItem('i18nextLng', lng), language);
}
