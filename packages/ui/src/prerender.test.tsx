import { describe, expect, it } from 'vitest';
import { APP_PATHS, MEMBER_PATHS, PUBLIC_PAGES } from './prerender.tsx';

// The paths the server answers with 200 come from here (the build writes them to routes.json): every route
// of the app's table, nested ones joined to their parent, never the app's catch-all that shows the not-found page.
describe('the app’s paths', () => {
  it('are every route of the route table, with their parameters, and not the app’s catch-all', () => {
    expect(APP_PATHS).toEqual(expect.arrayContaining(['/', '/auth', '/community', '/profile-view/:userId']));
    expect(APP_PATHS).toEqual(
      expect.arrayContaining(['/settings', '/settings/user-info', '/settings/account']),
    );
    for (const path of [...MEMBER_PATHS, ...PUBLIC_PAGES.map((page) => page.path)])
      expect(APP_PATHS).toContain(path);
    // The only catch-all among them is the settings' own, so that a visitor is sent to sign in (issue 30.13).
    expect(APP_PATHS.filter((path) => path.includes('*'))).toEqual(['/settings/*']);
    expect(new Set(APP_PATHS).size).toBe(APP_PATHS.length);
  });
});
