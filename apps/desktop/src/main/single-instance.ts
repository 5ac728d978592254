// One Amiko at a time: a second launch (from the start menu, or by the system for an amiko:// link)
// hands its arguments to the first and quits.
import { app } from 'electron';

/** False when another instance runs: this one must quit. */
export function claimSingleInstance(onSecondLaunch: (argv: string[]) => void): boolean {
  if (!app.requestSingleInstanceLock()) return false;
  app.on('second-instance', (_event, argv) => onSecondLaunch(argv));
  return true;
}
