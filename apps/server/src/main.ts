import { createServer } from './server.ts';
import { ConfigError } from './env.ts';

// `pnpm start`: configuration from the environment, migrations applied, then serve until SIGTERM/SIGINT.
// Problems an operator can fix (bad configuration, unreachable database) end start-up with one line on
// stderr and exit code 1.

function fail(message: string): never {
  process.stderr.write(`amiko: ${message}\n`);
  process.exit(1);
}

/** How long a failed start waits for what did start to close before exiting anyway. */
const FAILED_START_STOP_MS = 3_000;

let server: ReturnType<typeof createServer>;
try {
  server = createServer();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

try {
  await server.start();
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  // What did start is closed, but a failed start exits within seconds whatever still holds on: once, under
  // a loaded test run, this waited past a minute and the operator's one line never came.
  await Promise.race([
    server.stop().catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, FAILED_START_STOP_MS).unref()),
  ]);
  fail(`could not start: ${reason}`);
}

/** SIGTERM to exit: draining, running requests and closing must all fit in this (orchestrators wait ~10 s). */
const SHUTDOWN_LIMIT_MS = 9_500;

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1); // a second signal: stop waiting
    stopping = true;
    server.app.log.info({ signal }, 'shutting down: draining, finishing running requests');
    setTimeout(() => {
      server.app.log.error(
        { ms: SHUTDOWN_LIMIT_MS },
        'shutdown took too long: exiting with requests still running',
      );
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
