import { Anchor, Group, Stack } from '@mantine/core';
import { NavLink } from 'react-router';

export interface NavItem {
  to: string;
  label: string;
}

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
        </Anchor>
      ))}
    </Wrapper>
  );
}
