import { PAGE_ANIMATION_MS } from '@amiko/core';
import { Box, type BoxProps } from '@mantine/core';
import { useEffect, useRef, type ComponentPropsWithoutRef, type CSSProperties, type ReactNode } from 'react';

// SPEC §2: scroll animations of 1000 ms start on every page load. One IntersectionObserver for the page
// marks each block as revealed the first time it scrolls into view; the fade itself is CSS (styles.css),
// which also keeps everything still under prefers-reduced-motion. No animation library.
let observer: IntersectionObserver | null = null;

function observe(element: Element): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    element.classList.add('is-revealed');
    return () => undefined;
  }
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        entry.target.classList.add('is-revealed');
        observer?.unobserve(entry.target);
      }
    },
    { rootMargin: '0px 0px -8% 0px' },
  );
  observer.observe(element);
  return () => observer?.unobserve(element);
}

const duration = { '--reveal-duration': `${PAGE_ANIMATION_MS}ms` } as CSSProperties;

/** A block that fades and slides in once, when it first scrolls into view. */
export function Reveal({
  children,
  component = 'div',
  ...props
}: Omit<BoxProps, 'style' | 'className'> &
  Omit<ComponentPropsWithoutRef<'div'>, keyof BoxProps | 'style' | 'className'> & {
    component?: 'div' | 'section' | 'li' | 'article';
    children: ReactNode;
  }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => (ref.current ? observe(ref.current) : undefined), []);
  return (
    <Box ref={ref} component={component as 'div'} className="reveal" style={duration} data-reveal {...props}>
      {children}
    </Box>
  );
}
