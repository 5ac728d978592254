// amiko:// links: the app registers the scheme with the system and turns the three link forms into paths
// of the UI, shown through onNavigate. Anything else is refused: a link can only open a conversation, a
// profile or the verification and reset page, never an address of its own choosing.
//   amiko://messages/<memberId>       → /messages?with=<memberId>
//   amiko://profile-view/<memberId>   → /profile-view/<memberId>
//   amiko://auth-action?mode=…&code=… → /auth-action?mode=…&code=…
import { idSchema } from '@amiko/core';
import { app } from 'electron';
import { resolve } from 'node:path';

export const PROTOCOL = 'amiko';
const PARAM_MAX = 512;

function memberId(pathname: string): string | null {
  const id = pathname.slice(1);
  return pathname.startsWith('/') && idSchema.safeParse(id).success ? id : null;
}

/** The UI path an amiko:// link opens, or null if it is not one of the three forms. */
export function deepLinkPath(link: string): string | null {
  if (!URL.canParse(link)) return null;
  const url = new URL(link);
  if (url.protocol !== `${PROTOCOL}:` || url.username || url.password || url.port) return null;
  switch (url.hostname) {
    case 'messages': {
      const id = url.search ? null : memberId(url.pathname);
      return id && `/messages?${new URLSearchParams({ with: id })}`;
    }
    case 'profile-view': {
      const id = url.search ? null : memberId(url.pathname);
      return id && `/profile-view/${id}`;
    }
    case 'auth-action': {
      if (url.pathname !== '' && url.pathname !== '/') return null;
      const mode = url.searchParams.get('mode');
      const code = url.searchParams.get('code');
      if (!mode || !code || mode.length > PARAM_MAX || code.length > PARAM_MAX) return null;
      return `/auth-action?${new URLSearchParams({ mode, code })}`;
    }
    default:
      return null;
  }
}

/** The amiko:// link among a launch's arguments (Windows and Linux pass it on the command line). */
export function linkInArguments(argv: readonly string[]): string | null {
  return argv.find((argument) => argument.startsWith(`${PROTOCOL}:`)) ?? null;
}

/** Makes the system open amiko:// links with this app. */
export function registerProtocol(): void {
  // Run from source (`electron .`), the system must start Electron with the app's path as well.
  if (process.defaultApp && process.argv[1]) {
    app.setAsDefaultProtocolClient(PROTOCOL, process.execPath, [resolve(process.argv[1])]);
  } else {
    app.setAsDefaultProtocolClient(PROTOCOL);
  }
}
