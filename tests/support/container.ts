import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

// The Dockerfile and the compose files read as Docker reads them, for the tests that check them and that run
// the image's command on the host (tests/process/container.test.ts, tests/e2e/container.spec.ts).

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface Instruction {
  keyword: string;
  args: string;
}
export interface Stage {
  from: string;
  name: string | null;
  instructions: Instruction[];
}

/** The Dockerfile's stages, each with its instructions (continuation lines joined, comments dropped). */
export function readDockerfile(text = readFileSync(`${ROOT}Dockerfile`, 'utf8')): Stage[] {
  const stages: Stage[] = [];
  const logical = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  for (const line of logical) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === 'FROM') {
      const [, from = '', name = null] = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args) ?? [];
      stages.push({ from, name, instructions: [] });
    } else {
      if (!stages.length) throw new Error(`Dockerfile: ${keyword} before the first FROM`);
      stages.at(-1)!.instructions.push({ keyword: keyword.toUpperCase(), args });
    }
  }
  return stages;
}

export function instructions(stage: Stage, keyword: string): string[] {
  return stage.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);
}

/**
 * The variables a stage's ENV instructions set (`ENV A=1 B=2` form), with `$NAME` and `${NAME}` replaced as
 * Docker does: by a build argument's value (`build` as `docker build --build-arg` gives them, else the ARG's
 * default) or by an earlier ENV's.
 */
export function stageEnv(stage: Stage, build: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  const args: Record<string, string> = {};
  for (const { keyword, args: text } of stage.instructions) {
    if (keyword === 'ARG') {
      const [, name = '', value = ''] = /^([A-Za-z_][A-Za-z0-9_]*)(?:=(.*))?$/.exec(text) ?? [];
      args[name] = build[name] ?? value.replace(/^"(.*)"$/, '$1');
      continue;
    }
    if (keyword !== 'ENV') continue;
    for (const pair of text.split(/\s+/)) {
      const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(pair);
      if (!match) throw new Error(`Dockerfile: ENV ${text} is not in KEY=value form`);
      env[match[1]!] = match[2]!
        .replace(/^"(.*)"$/, '$1')
        .replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_, name: string) => env[name] ?? args[name] ?? '');
    }
  }
  return env;
}

/** An exec-form command (`["node", "x.ts"]`); a shell-form one is refused, since it would hide SIGTERM. */
export function execForm(args: string): string[] {
  const parsed: unknown = JSON.parse(args);
  if (!Array.isArray(parsed) || !parsed.every((a) => typeof a === 'string')) {
    throw new Error(`not an exec-form command: ${args}`);
  }
  return parsed;
}

/** The image the container runs: the Dockerfile's last stage. */
export function runtimeStage(): Stage {
  return readDockerfile().at(-1)!;
}

/** The image's command (CMD, after any ENTRYPOINT) and working folder. */
export function imageCommand(stage = runtimeStage()): { command: string[]; workdir: string } {
  const entrypoint = instructions(stage, 'ENTRYPOINT').at(-1);
  const cmd = instructions(stage, 'CMD').at(-1);
  if (!cmd) throw new Error('Dockerfile: the image has no CMD');
  return {
    command: [...(entrypoint ? execForm(entrypoint) : []), ...execForm(cmd)],
    workdir: instructions(stage, 'WORKDIR').at(-1) ?? '/',
  };
}

export interface ComposeService {
  build?: string | { context: string; args?: Record<string, string> };
  image?: string;
  environment?: Record<string, string | number | boolean | null> | string[];
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test?: string[] | string; disable?: boolean };
  command?: string[] | string;
  user?: string;
  read_only?: boolean;
  tmpfs?: string[];
  cap_drop?: string[];
  security_opt?: string[];
  mem_limit?: string;
  logging?: { driver: string; options?: Record<string, string> };
}
export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

export function readCompose(file: string): ComposeFile {
  return parse(readFileSync(`${ROOT}${file}`, 'utf8')) as ComposeFile;
}

/**
 * Compose's variable interpolation: `${NAME}`, `${NAME:-default}`, `${NAME-default}`, `${NAME:?error}`,
 * `${NAME?error}`, and `$$` for a literal `$`.
 */
export function interpolate(value: string, vars: Record<string, string | undefined>): string {
  return value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}/g,
    (whole, name: string | undefined, colon: string, operator: string | undefined, word: string) => {
      if (whole === '$$') return '$';
      const set = vars[name!];
      const missing = set === undefined || (colon === ':' && set === '');
      if (!missing) return set;
      if (operator === '?') throw new Error(`${name}: ${word}`);
      return operator === '-' ? word : '';
    },
  );
}

/** The variables `${…}` names in a text. */
export function referencedVariables(text: string): Set<string> {
  return new Set([...text.matchAll(/(?<!\$)\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!));
}

/** A service's environment as written (values not yet interpolated). */
export function writtenEnvironment(service: ComposeService): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => [entry.split('=')[0]!, entry.split('=').slice(1).join('=')]),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === null ? '' : String(v)]));
}

/**
 * What the server in the container sees: the image's ENV, overridden by the compose service's
 * environment, interpolated with `vars` (what .env and the shell would give).
 */
export function containerEnvironment(
  service: ComposeService,
  vars: Record<string, string | undefined> = {},
): Record<string, string> {
  const env = { ...stageEnv(runtimeStage()) };
  for (const [name, value] of Object.entries(writtenEnvironment(service)))
    env[name] = interpolate(value, vars);
  return env;
}

/** The host port a service publishes for a container port ("127.0.0.1:3000:3000" → 3000). */
export function publishedPort(service: ComposeService, containerPort: number): number {
  for (const mapping of service.ports ?? []) {
    const parts = mapping.split(':');
    if (Number(parts.at(-1)) === containerPort) return Number(parts.at(-2));
  }
  throw new Error(`port ${containerPort} is not published`);
}

/**
 * The container's environment made to run on this host: /data becomes `data`, the port a free one (also in
 * URLs that name the published port on localhost), and other services' host names the given addresses.
 */
export function onTheHost(
  env: Record<string, string>,
  options: { data: string; port: number; publishedPort: number; services?: Record<string, string> },
): Record<string, string> {
  const rewrite = (value: string) =>
    value
      .replace(/(^|:)\/data(?=\/|$)/, `$1${options.data}`)
      .replace(
        /^(\w+:\/\/(?:[^@/]*@)?)([^/:@]+)(?::(\d+))?/,
        (whole, prefix: string, host: string, port: string | undefined) => {
          const address = options.services?.[`${host}:${port}`];
          if (address) return `${prefix}${address}`;
          if (host === 'localhost' && Number(port) === options.publishedPort) {
            return `${prefix}localhost:${options.port}`;
          }
          return whole;
        },
      );
  return Object.fromEntries(
    Object.entries(env).map(([k, v]) => [k, k === 'PORT' ? String(options.port) : rewrite(v)]),
  );
}
