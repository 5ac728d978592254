// Values electron.vite.config.ts fixes at build time.
interface ImportMetaEnv {
  /** The Amiko server the app shows; empty in development (http://localhost:3000). */
  readonly AMIKO_SERVER_URL?: string;
}
