import type { Schema } from './schema/index.ts';

export {
  openDatabase,
  TransactionAwaitError,
  type Database,
  type DatabaseOptions,
  type Db,
  type Dialect,
} from './client.ts';
export {
  parseDatabaseUrl,
  hideUrlPasswords,
  hideUrlPassword,
  DatabaseUrlError,
  DEFAULT_SQLITE_FILE,
  type DatabaseTarget,
} from './url.ts';
export {
  claimJob,
  containsInsensitive,
  escapeLike,
  isUniqueViolation,
  lockMembers,
  lockPod,
  perDatabase,
  ping,
  prepared,
  preparedPerConnection,
  timeParameter,
  type ClaimedJob,
  type Prepared,
} from './dialect.ts';
export { newId, newTimeOrderedId } from './ids.ts';
export type { RecipientPod, SendPodMessageOutcome, SendPodMessageRequest } from './send-pod-message.ts';
export type {
  ChangedUnreadState,
  SendMessageOutcome,
  SendMessageRequest,
  StoredMessage,
} from './send-message.ts';
export { sqliteSchema, pgSchema, type Schema } from './schema/index.ts';
export type * from './schema/types.ts';

export type Member = Schema['members']['$inferSelect'];
export { seedMembers, demoMember, randomSource, type SeedOptions } from './seed/generate.ts';
export { createDemoAvatars } from './seed/avatars.ts';
