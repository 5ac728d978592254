import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';

// The worker of checkpoint.ts: its own connection to the database file, checkpointing on a timer.
const { file, busyTimeoutMs, intervalMs } = workerData as {
  file: string;
  busyTimeoutMs: number;
  intervalMs: number;
};
const db = new BetterSqlite3(file);
db.pragma(`busy_timeout = ${busyTimeoutMs}`);

const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or locked for a moment: the next tick tries again.
  }
}, intervalMs);

parentPort!.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort!.close();
});
