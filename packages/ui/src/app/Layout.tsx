import { Box } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { FullPageLoader } from '../components/FullPageLoader.tsx';
import { Footer } from '../components/Footer.tsx';
import { Header } from '../components/Header.tsx';
import { landingNoticeOf } from '../components/landingNotice.ts';
import { ScreenErrorBoundary } from '../components/ScreenErrorBoundary.tsx';
import { useHostNavigation } from '../hooks/useHostNavigation.ts';
import { usePageViews } from '../hooks/usePageViews.ts';
import { useSession } from '../hooks/useSession.ts';
import { setPageTitle } from '../platform.tsx';
import { isSitePage, pageOf } from './pages.ts';

// The live messaging connection (socket.io and its cache updates) is for verified members only: its own
// chunk, never part of a visitor's first page.
const LiveMessaging = lazy(() => import('../messaging/LiveMessaging.tsx'));
// What just happened elsewhere (a password reset, a deletion), said on the page reached after it (30.10).
const LandingNotice = lazy(() => import('../components/LandingNotice.tsx'));
// Shown only without a server, so not part of any page's code; the service worker caches it with the shell.
const OfflineScreen = lazy(() =>
  import('../components/OfflineScreen.tsx').then((m) => ({ default: m.OfflineScreen })),
);

/**
 * Every page: skip link, header, the routed screen (or, while the server cannot be reached, the offline
 * screen instead of any page but the public site's), footer. Each page load and route change records a
 * first-party page view; the public pages' scroll animations are their Reveal blocks.
 */
export function Layout() {
  const { t } = useTranslation();
  const location = useLocation();
  const { member, offline, retry, retrying } = useSession();
  usePageViews();
  useHostNavigation();
  const page = pageOf(useMatches());
  const notice = landingNoticeOf(location.state);
  const title = t(`titles.${page}`);
  useEffect(() => setPageTitle(title), [title]);
  return (
    <>
      {member?.emailVerified && (
        <Suspense fallback={null}>
          <LiveMessaging memberId={member.id} />
        </Suspense>
      )}
      <a href="#main" className="skip-link">
        {t('skipToContent')}
      </a>
      <Header />
      <Box component="main" id="main" tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
        {notice && (
          <Suspense fallback={null}>
            <LandingNotice kind={notice} />
          </Suspense>
        )}
        <ScreenErrorBoundary resetKey={location.pathname}>
          {/* While a screen's code loads, the loader fills the window: the footer waits below the fold
              instead of jumping down when the screen arrives (no layout shift). */}
          <Suspense
            fallback={
              <Box mih="100vh">
                <FullPageLoader />
              </Box>
            }
          >
            {offline && !isSitePage(page) ? (
              <OfflineScreen onRetry={retry} retrying={retrying} />
            ) : (
              <Outlet />
            )}
          </Suspense>
        </ScreenErrorBoundary>
      </Box>
      <Footer />
      <ScrollRestoration />
    </>
  );
}
