import {
  createContext,
  useContext,
  type AnchorHTMLAttributes,
  type ComponentType,
  type CSSProperties,
  type ReactNode,
  type Ref,
} from 'react';
import type { PageKey } from '../app/pages.ts';

// The public site's stand-in for react-router (the site build, apps/web/vite.site.config.ts, puts it in
// react-router's place): a public page is one screen, and every link is a plain link that the browser
// follows. Another public page arrives prerendered; the member area loads the app. It renders the same
// markup as react-router's Link and NavLink, so it hydrates what the build prerendered with the router.

/** The page the site shows: its screen and its key (the title). */
export interface SitePage {
  Screen: ComponentType;
  page: PageKey;
}

const PageContext = createContext<SitePage | null>(null);
export const SitePageProvider = PageContext.Provider;

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  ref?: Ref<HTMLAnchorElement>;
  replace?: boolean;
  state?: unknown;
};

export function Link({ to, replace: _replace, state: _state, ...rest }: LinkProps) {
  return <a {...rest} href={to} data-discover="true" />;
}

type NavLinkProps = Omit<LinkProps, 'className' | 'style' | 'children'> & {
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
  style?: CSSProperties | ((state: { isActive: boolean }) => CSSProperties | undefined);
  children?: ReactNode | ((state: { isActive: boolean }) => ReactNode);
};

/** react-router's NavLink: the link to the current page is marked (class "active", aria-current). */
export function NavLink({ to, end = false, className, style, children, ...rest }: NavLinkProps) {
  const path = window.location.pathname;
  const isActive =
    path === to || (!end && to !== '/' && path.startsWith(to) && path.charAt(to.length) === '/');
  const classes =
    typeof className === 'function'
      ? className({ isActive })
      : [className, isActive ? 'active' : null].filter(Boolean).join(' ') || undefined;
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={classes}
      style={typeof style === 'function' ? style({ isActive }) : style}
    >
      {typeof children === 'function' ? children({ isActive }) : children}
    </Link>
  );
}

export function useLocation() {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: null, key: 'default' };
}

/** The route matches as react-router gives them: here only the page's, with its key. */
export function useMatches() {
  const page = useContext(PageContext);
  return page ? [{ handle: { page: page.page } }] : [];
}

export function useNavigate() {
  return (to: string | number) => {
    if (typeof to === 'number') window.history.go(to);
    else window.location.assign(to);
  };
}

/** The page's screen, where the layout puts the routed screen. */
export function Outlet() {
  const page = useContext(PageContext);
  return page ? <page.Screen /> : null;
}

/** Every page is a page load: the browser restores the scroll position itself. */
export function ScrollRestoration() {
  return null;
}
