import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { configureSqliteConnection } from './sqlite-pragmas.ts';
import { createSqliteSender, type SendMessageRequest } from './send-message.ts';
import type { WriterReply } from './sqlite-writer.ts';

// The writer thread of sqlite-writer.ts: its own connection, storing one batch of sends per message.
const { file } = workerData as { file: string };
const client = new BetterSqlite3(file);
configureSqliteConnection(client, { checkpointsElsewhere: true });
const store = createSqliteSender(client);

parentPort!.on('message', (message: SendMessageRequest[] | 'stop') => {
  if (message === 'stop') {
    client.close();
    parentPort!.close();
    return;
  }
  let reply: WriterReply;
  try {
    reply = { results: store(message) };
  } catch (error) {
    reply = { failed: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
