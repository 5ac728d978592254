// What a packaged build (`pnpm desktop:dist`) needs from its environment, checked before anything is built:
// electron-builder would otherwise package an app without a server, or write an update feed without an
// address (the app then fails on its first update check), or a deb whose maintainer is a placeholder.

/** The names and what each is for: the error names them all at once. */
const NEEDED = {
  AMIKO_SERVER_URL: 'the Amiko server the packaged app shows, e.g. https://amiko.example',
  AMIKO_UPDATE_URL:
    'where the update feed is served (latest*.yml and the installers electron-builder writes), e.g. https://amiko.example/desktop/',
} as const;
const DEB_MAINTAINER = 'the deb package’s maintainer, "Name <email>", e.g. "Amiko Team <team@amiko.example>"';

const isHttpUrl = (value: string) =>
  URL.canParse(value) && ['https:', 'http:'].includes(new URL(value).protocol);

/**
 * The settings of a packaged build, or one error naming every one missing or malformed. On Linux (where the
 * deb is built) also AMIKO_MAINTAINER.
 */
export function distSettings(
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform,
): { serverUrl: string; updateUrl: string } {
  const problems: string[] = [];
  for (const [name, what] of Object.entries(NEEDED)) {
    const value = env[name]?.trim();
    if (!value) problems.push(`set ${name} to ${what}`);
    else if (!isHttpUrl(value)) problems.push(`${name} must be an http(s) address (${what}), not "${value}"`);
  }
  if (platform === 'linux' && !/^[^<>]+ <[^\s<>@]+@[^\s<>@]+>$/.test(env.AMIKO_MAINTAINER?.trim() ?? ''))
    problems.push(`set AMIKO_MAINTAINER to ${DEB_MAINTAINER}`);
  if (problems.length) throw new Error(`pnpm desktop:dist: ${problems.join('; ')}.`);
  return { serverUrl: env.AMIKO_SERVER_URL!.trim(), updateUrl: env.AMIKO_UPDATE_URL!.trim() };
}
