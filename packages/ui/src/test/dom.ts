import { cleanup, configure, getConfig } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { format } from 'node:util';

// The setup of every component test (packages/ui/src/**/*.test.tsx, the `ui` project of vitest.config.ts,
// in jsdom): no file imports it. What jsdom lacks and Mantine needs: media queries are answered for a
// desktop-wide window, as a browser would; layout observers observe nothing.

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

// A query that finds nothing prints the whole page into its error. While findBy… or waitFor polls (on every
// change of the page and every 50 ms), each such print is thrown away; on a page with Mantine's hidden option
// lists (the directory's filters: some 600 elements) printing cost as much as querying. Testing Library marks
// its polls (its "expensive error diagnostics" off): their errors get the message alone. A wait that times
// out still prints the page (waitFor's onTimeout asks for it, outside the poll), as does a failed getBy….
const { getElementError } = getConfig();
configure({
  getElementError: (message, container) =>
    (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics
      ? Object.assign(new Error(message ?? ''), { name: 'TestingLibraryElementError' })
      : getElementError(message, container),
});

// A React warning (a key in spread props, an update outside act, a bad prop) or any other console.error or
// console.warn fails the test that caused it, so none can creep in unnoticed. A test that expects one
// replaces console.error itself. Registered before the cleanup below, so it runs after it (vitest runs
// afterEach hooks in reverse order) and also catches what unmounting says.
let logged: string[] = [];
const { error, warn } = console;
const recording =
  (method: 'error' | 'warn', original: (...args: unknown[]) => void) =>
  (...args: unknown[]) => {
    logged.push(`console.${method}: ${format(...args)}`);
    original(...args);
  };
beforeEach(() => {
  logged = [];
  console.error = recording('error', error);
  console.warn = recording('warn', warn);
});
afterEach(() => {
  console.error = error;
  console.warn = warn;
  if (logged.length > 0) throw new Error(`The test logged:\n${logged.join('\n')}`);
});

// Testing Library unmounts after each test by itself only with vitest's globals, which we do not use.
afterEach(cleanup);
