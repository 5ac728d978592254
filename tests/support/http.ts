/**
 * A tiny cookie-keeping HTTP client for API tests: it sends the Origin a browser would send and keeps the
 * cookies the server sets, like one browser profile.
 */
export class Browserish {
  readonly cookies = new Map<string, string>();
  readonly baseUrl: string;
  readonly origin: string;

  constructor(baseUrl: string, origin: string = baseUrl) {
    this.baseUrl = baseUrl;
    this.origin = origin;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Records Set-Cookie headers, forgetting cookies the server clears. */
  remember(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [k, v] = a.trim().split('=');
        if (k?.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (k?.toLowerCase() === 'expires') return new Date(v ?? '').getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (!headers.has('origin') && init.method && init.method !== 'GET') headers.set('origin', this.origin);
    const cookie = this.cookieHeader();
    if (cookie && !headers.has('cookie')) headers.set('cookie', cookie);
    const response = await fetch(new URL(path, this.baseUrl), { ...init, headers, redirect: 'manual' });
    this.remember(response);
    return response;
  }
}
