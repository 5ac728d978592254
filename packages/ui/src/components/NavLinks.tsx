import { Anchor, Group, Stack } from '@mantine/core';
import { NavLink } from 'react-router';

export interface NavItem {
  to: string;
  label: string;
  /** A red dot after the label, and this text for screen readers (unread pods, say). */
  dot?: string;
}

/** The red dot after a label (plain markup: this is in every page's first bundle). */
const DOT = {
  display: 'inline-block',
  width: 8,
  height: 8,
  marginLeft: 4,
  borderRadius: '50%',
  verticalAlign: 'super',
  background: 'var(--mantine-color-red-7)',
};

/** A row (desktop) or column (mobile menu) of navigation links; the current page is marked by the router. */
export function NavLinks({
  items,
  onNavigate,
  vertical = false,
}: {
  items: NavItem[];
  onNavigate?: () => void;
  vertical?: boolean;
}) {
  const Wrapper = vertical ? Stack : Group;
  return (
    <Wrapper gap={vertical ? 'xs' : 'lg'}>
      {items.map((item) => (
        <Anchor
          key={item.to}
          component={NavLink}
          to={item.to}
          onClick={onNavigate}
          c="dark.7"
          fw={500}
          size={vertical ? 'lg' : 'sm'}
        >
          {item.label}
          {item.dot && (
            <>
              <span aria-hidden="true" style={DOT} data-testid={`nav-dot-${item.to.slice(1)}`} />
              <span className="amiko-visually-hidden"> – {item.dot}</span>
            </>
          )}
        </Anchor>
      ))}
    </Wrapper>
  );
}
