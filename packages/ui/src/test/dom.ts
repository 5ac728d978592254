import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// What jsdom lacks and Mantine needs, for component tests (which name `@vitest-environment jsdom`). Media
// queries are answered for a desktop-wide window, as a browser would; layout observers observe nothing.

const WIDTH_PX = 1280;
const EM_PX = 16;

function matches(query: string): boolean {
  return [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(em|px)\)/g)].every(([, bound, value, unit]) => {
    const px = Number(value) * (unit === 'em' ? EM_PX : 1);
    return bound === 'min' ? WIDTH_PX >= px : WIDTH_PX <= px;
  });
}

window.matchMedia = (query: string) => {
  const result: MediaQueryList = {
    matches: query.includes('width') && matches(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  };
  return result;
};

window.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

Element.prototype.scrollIntoView = () => undefined;

// No font loading either (Mantine's growing textarea listens for fonts that finished loading).
Object.defineProperty(document, 'fonts', { value: new EventTarget() });

// findBy… waits up to 5 s rather than 1 s: a test machine running other suites beside can be that slow.
configure({ asyncUtilTimeout: 5000 });

// Testing Library unmounts after each test by itself only with vitest's globals, which we do not use.
afterEach(cleanup);
