// What pages may ask the browser for: notifications from the Amiko server, nothing else (camera,
// microphone, location, clipboard reading, USB, ...: Amiko needs none of them).
import type { Session } from 'electron';

export function allowsPermission(permission: string, origin: string, serverOrigin: string): boolean {
  return permission === 'notifications' && origin === serverOrigin;
}

function originOf(url: string): string {
  return URL.canParse(url) ? new URL(url).origin : 'null';
}

export function applyPermissionRules(session: Session, serverOrigin: string): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(allowsPermission(permission, originOf(details.requestingUrl), serverOrigin));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    allowsPermission(permission, originOf(requestingOrigin), serverOrigin),
  );
}
