// The entry of the build's second, server-side Vite build (`vite build --ssr`): what scripts/prerender.ts
// renders the public pages with.
export {
  APP_PATHS,
  MEMBER_PATHS,
  PRERENDER_ORIGIN,
  PUBLIC_PAGES,
  renderPage,
  UI_LANGUAGES,
} from '@amiko/ui/prerender';
