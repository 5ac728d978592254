import { decideGuard } from '@amiko/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../hooks/useSession.ts';
import { FullPageLoader } from './FullPageLoader.tsx';

/**
 * The guard of SPEC §2 for protected routes: a spinner while the session loads, visitors to /auth,
 * unverified members to /verify-email, members still onboarding to their next step.
 * `allowUnverified` serves /verify-email itself, which needs a member but not a verified one.
 */
export function RequireAuth({
  children,
  allowUnverified = false,
}: {
  children: ReactNode;
  allowUnverified?: boolean;
}) {
  const { loading, member } = useSession();
  const location = useLocation();
  const decision = decideGuard({ loading, member, pathname: location.pathname });
  switch (decision.state) {
    case 'loading':
      return <FullPageLoader />;
    case 'anonymous':
      return (
        <Navigate to={decision.redirectTo} replace state={{ from: location.pathname + location.search }} />
      );
    case 'unverified':
      return allowUnverified ? children : <Navigate to={decision.redirectTo} replace />;
    case 'onboarding':
      if (allowUnverified || decision.redirectTo === null) return children;
      return <Navigate to={decision.redirectTo} replace />;
    case 'full':
      return children;
  }
}
