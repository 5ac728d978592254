export { createServer, type AmikoServer, type ServerOptions } from './server.ts';
export { ConfigError, readEnv, type Env } from './env.ts';
export { loggerOptions, redactError, redactUrl } from './logging.ts';
export { sessionCookieName } from './session.ts';
export { MAX_EVENTS_IN_FLIGHT } from './plugins/socket-handling.ts';
