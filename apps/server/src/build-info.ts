import { existsSync, readFileSync, statSync } from 'node:fs';

// Which Amiko a process is: the version in the root package.json and the commit it was built from. The
// image has no .git: its build passes the commit in (AMIKO_COMMIT, a build argument of the Dockerfile); a
// checkout reads it from .git itself.

export interface BuildInfo {
  version: string;
  commit: string;
}

const root = new URL('../../../', import.meta.url);

function read(path: URL): string | null {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return null;
  }
}

/** The commit .git's HEAD names: a loose ref, a packed one, or a detached HEAD. */
function gitCommit(): string | null {
  const dotGit = new URL('.git', root);
  if (!existsSync(dotGit)) return null;
  // A worktree's .git is a file naming its git folder ("gitdir: …").
  const pointer = statSync(dotGit).isFile() ? read(dotGit) : null;
  const dir = pointer?.startsWith('gitdir: ')
    ? new URL(`${pointer.slice(8)}/`, root)
    : new URL('.git/', root);
  const head = read(new URL('HEAD', dir));
  if (!head) return null;
  if (/^[0-9a-f]{40}$/.test(head)) return head;
  const ref = /^ref: (\S+)$/.exec(head)?.[1];
  if (!ref) return null;
  // A worktree keeps HEAD of its own but shares refs with the main checkout ("commondir").
  const common = read(new URL('commondir', dir));
  const refs = common ? new URL(`${common}/`, dir) : dir;
  const loose = read(new URL(ref, refs));
  if (loose && /^[0-9a-f]{40}$/.test(loose)) return loose;
  const packed = read(new URL('packed-refs', refs));
  return (
    packed
      ?.split('\n')
      .find((line) => line.endsWith(` ${ref}`))
      ?.slice(0, 40) ?? null
  );
}

/** `commit`: AMIKO_COMMIT, when the environment names it. */
export function readBuildInfo(commit?: string): BuildInfo {
  const pkg = JSON.parse(read(new URL('package.json', root)) ?? '{}') as { version?: unknown };
  return {
    version: typeof pkg.version === 'string' ? pkg.version : 'unknown',
    commit: commit ?? gitCommit() ?? 'unknown',
  };
}
