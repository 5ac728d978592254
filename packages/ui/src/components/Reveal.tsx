import { PAGE_ANIMATION_MS } from '@amiko/core';
import { Box, type BoxProps } from '@mantine/core';
import {
  useLayoutEffect,
  useRef,
  type ComponentPropsWithoutRef,
  type CSSProperties,
  type ReactNode,
} from 'react';

// SPEC §2: scroll animations of 1000 ms start on every page load. A block already in the window when it
// appears only rises (it is readable at once: a fade would hold back the page's largest paint by the whole
// second); a block further down fades and rises the first time it scrolls into view, noticed by one
// IntersectionObserver for the page. The motion itself is CSS (styles.css), which also keeps everything
// still under prefers-reduced-motion. No animation library. The rise is the markup's own CSS animation,
// and only this code hides a block ("is-pending"): a prerendered page shows all its text without
// JavaScript, and hydrating it moves nothing the visitor already sees.
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
  // Before the first paint, so a block in view never shows its hidden state.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (element.getBoundingClientRect().top < window.innerHeight) {
      element.classList.add('is-revealed', 'in-view');
      return;
    }
    // Hidden at once: the fade is for the way in, not for hiding a block the page may already have shown.
    element.style.transition = 'none';
    element.classList.add('is-pending');
    void element.offsetHeight;
    element.style.transition = '';
    return observe(element);
  }, []);
  return (
    <Box ref={ref} component={component as 'div'} className="reveal" style={duration} data-reveal {...props}>
      {children}
    </Box>
  );
}
