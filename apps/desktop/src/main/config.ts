// Which Amiko server the app shows: the address fixed at build time (AMIKO_SERVER_URL, see
// electron.vite.config.ts), in development http://localhost:3000.
export const DEVELOPMENT_SERVER_URL = 'http://localhost:3000';

export function serverUrlFrom(configured: string | undefined): URL {
  const raw = configured || DEVELOPMENT_SERVER_URL;
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new Error(`AMIKO_SERVER_URL must be an http(s) address, not "${raw}"`);
  }
  // The app shows the server's pages from its root; a path would only confuse the origin checks.
  return new URL(url.origin);
}
