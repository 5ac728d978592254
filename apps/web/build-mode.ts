/**
 * A build is for production whatever NODE_ENV the shell has: `NODE_ENV=development pnpm start` gave the
 * server's NODE_ENV to Vite, which then bundled React's development build, over the budget (issue 18.8).
 * Vite decides the bundles' mode after loading the config, so each config (the app's and the public site's)
 * calls this first.
 */
export function buildForProduction(command: 'build' | 'serve'): void {
  if (command === 'build') process.env.NODE_ENV = 'production';
}
