// Every IPC channel between the preload and the main process, named once. The page never sees these
// names: it only has the bridge's four members.

/** Page → main: one message each, checked in src/main/ipc.ts. */
export const TO_MAIN = {
  setUnreadCount: 'amiko:set-unread-count',
  notify: 'amiko:notify',
  openExternal: 'amiko:open-external',
} as const;

/** Main → page. */
export const TO_PAGE = {
  navigate: 'amiko:navigate',
} as const;

export type ToMainChannel = (typeof TO_MAIN)[keyof typeof TO_MAIN];
