import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { readEnv } from '@amiko/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  ROOT,
  containerEnvironment,
  execForm,
  imageCommand,
  instructions,
  interpolate,
  onTheHost,
  publishedPort,
  readCompose,
  readDockerfile,
  referencedVariables,
  runtimeStage,
  stageEnv,
  writtenEnvironment,
  type ComposeFile,
  type ComposeService,
} from '../support/container.ts';
import { freePort } from '../support/messaging.ts';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture.ts';

// The container setup without a Docker engine: the Dockerfile and the compose files read and checked, the
// compose files validated by `docker-compose config` (Debian's docker-compose; required in CI), and the
// image's command run on this host in the production tree the image gets, with the environment the
// compose file gives it.

const ci = process.env.CI === 'true';
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'amiko-container-'));
  dirs.push(dir);
  return dir;
}

const single = readCompose('docker-compose.yml');
const scale = readCompose('docker-compose.scale.yml');
const composeFiles: [string, ComposeFile][] = [
  ['docker-compose.yml', single],
  ['docker-compose.scale.yml', scale],
];
const builtHere = (service: ComposeService) => service.build !== undefined;
const dependsOn = (service: ComposeService) =>
  Array.isArray(service.depends_on) ? {} : (service.depends_on ?? {});

/** The variables the server reads: the keys of its environment schema (apps/server/src/env.ts). */
const serverVariables = new Set(
  [...readFileSync(`${ROOT}apps/server/src/env.ts`, 'utf8').matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map(
    (m) => m[1]!,
  ),
);

describe('the Dockerfile', () => {
  const stages = readDockerfile();
  const runtime = runtimeStage();
  const env = stageEnv(runtime);

  it('builds in stages on Node 24 slim, with the pnpm package.json pins and the lockfile as it is', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    const names = new Set<string>();
    for (const stage of stages) {
      // Each stage starts from Node 24's slim Debian image or from an earlier stage.
      if (!names.has(stage.from)) expect(stage.from).toMatch(/^node:24-[a-z]+-slim$/);
      if (stage.name) names.add(stage.name);
    }
    const runs = stages.flatMap((s) => instructions(s, 'RUN')).join('\n');
    expect(runs).toContain(`"$(node -p 'require("./package.json").packageManager')"`);
    expect(JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')).packageManager).toMatch(
      /^pnpm@\d+\.\d+\.\d+$/,
    );
    expect(runs).toMatch(/pnpm install --frozen-lockfile --filter "@amiko\/web\.\.\."/);
    expect(runs).toMatch(/^pnpm build$/m);
    expect(runs).toMatch(/(^| )sh deploy\/production-tree\.sh install$/m);
    expect(runs).toMatch(/^sh deploy\/production-tree\.sh assemble \/app$/m);
    // The build stages leave NODE_ENV alone (pnpm would skip Vite, Vite would build for it).
    for (const stage of stages.slice(0, -1)) expect(stageEnv(stage).NODE_ENV).toBeUndefined();
    // Nothing is fetched from a URL into the image.
    for (const stage of stages) expect(instructions(stage, 'ADD')).toEqual([]);
    // The native addons can be built from source where no prebuilt binary fits; the compiler stays behind.
    expect(instructions(stages[0]!, 'RUN').join('\n')).toMatch(/apt-get install .*python3 make g\+\+/);
    expect(instructions(runtime, 'RUN').join('\n')).not.toMatch(/apt-get/);
  });

  it('runs as a non-root user, in production, on /data, with a health check on /readyz', () => {
    expect(instructions(runtime, 'USER')).toEqual(['node']);
    expect(instructions(runtime, 'VOLUME')).toEqual(['/data']);
    expect(env).toEqual({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: '3000',
      DATABASE_URL: 'file:/data/amiko.db',
      UPLOADS_DIR: '/data/uploads',
      // The build argument: the commit for amiko_build_info, empty unless the build names it.
      AMIKO_COMMIT: '',
    });
    expect(stageEnv(runtime, { AMIKO_COMMIT: 'abc123' }).AMIKO_COMMIT).toBe('abc123');
    expect(instructions(runtime, 'EXPOSE')).toEqual([env.PORT]);
    // The final image only copies from the stages before and prepares /data: no install, no download.
    for (const run of instructions(runtime, 'RUN'))
      expect(run).toBe('mkdir -p /data/uploads && chown -R node:node /data');
    for (const copy of instructions(runtime, 'COPY')) expect(copy).toMatch(/^--from=(server|web) /);
    const [healthcheck] = instructions(runtime, 'HEALTHCHECK');
    const probe = execForm(healthcheck!.replace(/^(--\S+\s+)*CMD\s+/, ''));
    expect(probe.slice(0, 2)).toEqual(['node', '-e']);
    expect(probe[2]).toContain("'/readyz'");
    // Exec form: node is PID 1 and gets SIGTERM itself.
    expect(imageCommand()).toEqual({ command: ['node', 'apps/server/src/main.ts'], workdir: '/app' });
  });

  it('installs dependencies from the manifests alone, before it copies the sources: a change of code installs nothing again', () => {
    const manifests = stages.find((stage) => stage.name === 'manifests')!;
    expect(manifests).toBeDefined();
    for (const name of ['web', 'server']) {
      const stage = stages.find((s) => s.name === name)!;
      const steps = stage.instructions.map((i) => `${i.keyword} ${i.args}`);
      const install = steps.findIndex((step) =>
        /^RUN .*(pnpm install|production-tree\.sh install)/.test(step),
      );
      const sources = steps.indexOf('COPY . .');
      expect(install, name).toBeGreaterThan(0);
      expect(sources, name).toBeGreaterThan(install);
      // Before the install, only the manifests stage's result arrives.
      expect(
        steps.slice(0, install).filter((step) => step.startsWith('COPY')),
        name,
      ).toEqual(['COPY --from=manifests /src ./']);
    }
  });

  it('gets a build context without dependencies, data or secrets', () => {
    const ignored = readFileSync(`${ROOT}.dockerignore`, 'utf8').split('\n');
    for (const pattern of ['**/node_modules', '**/dist', '.git', 'data', '**/*.db', '.env', '.env.*']) {
      expect(ignored).toContain(pattern);
    }
  });
});

describe('the compose files', () => {
  it('docker-compose.yml: Amiko on SQLite in a named volume on localhost:3000, and mailpit', () => {
    expect(Object.keys(single.services).sort()).toEqual(['amiko', 'mailpit']);
    const amiko = single.services.amiko!;
    expect(amiko.build).toEqual({ context: '.', args: { AMIKO_COMMIT: '${AMIKO_COMMIT:-}' } });
    expect(amiko.volumes).toEqual(['amiko-data:/data']);
    expect(Object.keys(single.volumes ?? {})).toEqual(['amiko-data']);
    expect(amiko.ports).toEqual(['127.0.0.1:3000:3000']);
    const env = containerEnvironment(amiko);
    expect(env.DATABASE_URL).toBe('file:/data/amiko.db');
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    // Without SMTP_URL, mail goes to mailpit as the catcher: start-up warns once PUBLIC_URL is public.
    expect(env.SMTP_URL).toBe('');
    expect(env.SMTP_CATCHER_URL).toBe('smtp://mailpit:1025');
    expect(single.services.mailpit!.ports).toEqual(['127.0.0.1:8025:8025']);
  });

  it('docker-compose.scale.yml: two replicas on PostgreSQL and Redis behind Caddy, started in order', () => {
    expect(Object.keys(scale.services).sort()).toEqual([
      'amiko-1',
      'amiko-2',
      'caddy',
      'mailpit',
      'postgres',
      'redis',
    ]);
    const vars = { POSTGRES_PASSWORD: 'pw1', REDIS_PASSWORD: 'pw2' };
    for (const name of ['amiko-1', 'amiko-2']) {
      const replica = scale.services[name]!;
      expect(replica.build).toEqual({ context: '.', args: { AMIKO_COMMIT: '${AMIKO_COMMIT:-}' } });
      expect(replica.ports).toBeUndefined(); // reached through Caddy only
      expect(replica.volumes).toEqual(['amiko-data:/data']); // the photos, shared
      const env = containerEnvironment(replica, vars);
      expect(env.DATABASE_URL).toBe('postgres://amiko:pw1@postgres:5432/amiko');
      expect(env.REDIS_URL).toBe('redis://:pw2@redis:6379');
      expect(env.TRUST_PROXY).toBe('true');
      expect(env.PUBLIC_URL).toBe('http://localhost:8080');
      expect(dependsOn(replica)).toEqual({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
        mailpit: { condition: 'service_started' },
      });
    }
    const caddy = scale.services.caddy!;
    expect(dependsOn(caddy)).toEqual({
      'amiko-1': { condition: 'service_healthy' },
      'amiko-2': { condition: 'service_healthy' },
    });
    expect(caddy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(Object.keys(scale.volumes ?? {}).sort()).toEqual([
      'amiko-data',
      'caddy-config',
      'caddy-data',
      'postgres-data',
    ]);
    const caddyfile = readFileSync(`${ROOT}deploy/Caddyfile`, 'utf8');
    expect(caddyfile).toMatch(/reverse_proxy amiko-1:3000 amiko-2:3000 \{/);
    expect(caddyfile).toMatch(/health_uri \/readyz/);
  });

  // ASVS V12.1/V12.2: TLS ends at Caddy. A domain name as AMIKO_SITE gets Caddy's automatic HTTPS: a publicly
  // trusted certificate (Let's Encrypt), TLS 1.2 and 1.3 only with its modern cipher suites, and HTTP
  // redirected to HTTPS. The Caddyfile must leave all of that as Caddy sets it.
  it('docker-compose.scale.yml: Caddy serves HTTPS by its own defaults once AMIKO_SITE names a domain', () => {
    const caddyfile = readFileSync(`${ROOT}deploy/Caddyfile`, 'utf8');
    const directives = caddyfile.replace(/#.*$/gm, '');
    expect(directives).toMatch(/^\{\$AMIKO_SITE\} \{$/m);
    expect(scale.services.caddy!.ports).toEqual(['${HTTP_PORT:-8080}:80', '${HTTPS_PORT:-8443}:443']);
    for (const weakening of [
      /\bauto_https\b/, // off, or without the HTTP to HTTPS redirect
      /\btls\b/, // `tls internal` (a certificate nobody trusts), protocols, ciphers, own certificates
      /\bprotocols\b/,
      /\bciphers\b/,
      /http:\/\//, // a plain-HTTP site address
    ]) {
      expect(directives).not.toMatch(weakening);
    }
    expect(readFileSync(`${ROOT}.env.example`, 'utf8')).toMatch(/^# AMIKO_SITE=amiko\.example$/m);
  });

  it('let .env set what going live behind one’s own proxy needs, with the server’s defaults otherwise', () => {
    for (const [file, compose] of composeFiles) {
      for (const [name, service] of Object.entries(compose.services).filter(([, s]) => builtHere(s))) {
        const written = writtenEnvironment(service);
        for (const key of ['TRUST_PROXY', 'RATE_LIMITS', 'ALLOWED_ORIGINS', 'SHUTDOWN_DELAY_MS', 'SMTP_URL'])
          expect(written[key], `${file}: ${name}.${key}`).toMatch(new RegExp(`^\\$\\{${key}:-[^}]*\\}$`));
      }
    }
    // One machine: no proxy until the operator puts one in front; the scale setup: Caddy, draining 3 s.
    expect(containerEnvironment(single.services.amiko!)).toMatchObject({
      TRUST_PROXY: 'false',
      SHUTDOWN_DELAY_MS: '0',
    });
    expect(
      containerEnvironment(scale.services['amiko-1']!, { POSTGRES_PASSWORD: 'a', REDIS_PASSWORD: 'b' }),
    ).toMatchObject({
      TRUST_PROXY: 'true',
      SHUTDOWN_DELAY_MS: '3000',
    });
  });

  it('harden Amiko’s containers and bound every service’s memory and log files', () => {
    for (const [file, compose] of composeFiles) {
      for (const [name, service] of Object.entries(compose.services)) {
        const where = `${file}: ${name}`;
        expect(service.security_opt, where).toContain('no-new-privileges:true');
        expect(service.mem_limit, where).toMatch(/^(\d+[mg]|\$\{[A-Z_]+:-\d+[mg]\})$/);
        expect(service.logging, where).toEqual({
          driver: 'json-file',
          options: { 'max-size': '10m', 'max-file': '5' },
        });
        if (!builtHere(service)) continue;
        // Amiko writes only to its volume and /tmp, and needs no Linux capability.
        expect(service.read_only, where).toBe(true);
        expect(service.tmpfs, where).toEqual(['/tmp']);
        expect(service.cap_drop, where).toEqual(['ALL']);
      }
    }
  });

  it('give every service a health check (Amiko: the image’s, on /readyz)', () => {
    for (const [file, compose] of composeFiles) {
      for (const [name, service] of Object.entries(compose.services)) {
        if (builtHere(service)) {
          expect(service.healthcheck, `${file}: ${name}`).toBeUndefined(); // the Dockerfile's applies
        } else {
          expect(service.healthcheck?.test, `${file}: ${name}`).toBeDefined();
          expect(service.healthcheck?.disable, `${file}: ${name}`).toBeUndefined();
        }
      }
    }
  });

  it('hold no secret: every password, key and secret comes from .env', () => {
    for (const [file, compose] of composeFiles) {
      for (const [name, service] of Object.entries(compose.services)) {
        for (const [key, value] of Object.entries(writtenEnvironment(service))) {
          const where = `${file}: ${name}.${key}`;
          if (/PASSWORD|SECRET|KEY|TOKEN/.test(key))
            expect(value, where).toMatch(/^\$\{[A-Z_]+(?::-|:\?[^}]*)?\}$/);
          // A password inside a URL too.
          const userinfo = /^\w+:\/\/[^/]*?:([^@/]*)@/.exec(value);
          if (userinfo) expect(userinfo[1], where).toMatch(/^\$\{[A-Z_]+:\?[^}]*\}$/);
        }
        const command =
          JSON.stringify(service.command ?? '') + JSON.stringify(service.healthcheck?.test ?? '');
        for (const [, flag, value] of command.matchAll(/(--requirepass|-a) \\?"?([^\s"\\]+)/g)) {
          expect(value, `${file}: ${name} ${flag}`).toMatch(/^\$\$[A-Z_]+$/);
        }
      }
    }
  });

  it('pass the server only variables it reads, with values it accepts, and defaults equal to its own', () => {
    const defaults = readEnv({});
    for (const [file, compose] of composeFiles) {
      for (const [name, service] of Object.entries(compose.services).filter(([, s]) => builtHere(s))) {
        const written = writtenEnvironment(service);
        for (const key of Object.keys(written))
          expect(serverVariables, `${file}: ${name}.${key}`).toContain(key);
        const env = containerEnvironment(service, { POSTGRES_PASSWORD: 'pw1', REDIS_PASSWORD: 'pw2' });
        expect(() => readEnv(env), `${file}: ${name}`).not.toThrow();
        for (const key of ['MAIL_FROM', 'TEAM_EMAIL', 'LOG_LEVEL'] as const) {
          expect(env[key], `${file}: ${name}.${key}`).toBe(defaults[key]);
        }
      }
    }
  });

  it('document every variable they use in .env.example', () => {
    const example = readFileSync(`${ROOT}.env.example`, 'utf8');
    const documented = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!));
    for (const file of ['docker-compose.yml', 'docker-compose.scale.yml']) {
      for (const name of referencedVariables(readFileSync(`${ROOT}${file}`, 'utf8'))) {
        expect(documented, `${file}: \${${name}}`).toContain(name);
      }
    }
    // And hold no value for a secret.
    expect(example).toMatch(/^POSTGRES_PASSWORD=$/m);
    expect(example).toMatch(/^REDIS_PASSWORD=$/m);
  });
});

const dockerCompose = existsSync('/usr/bin/docker-compose') ? '/usr/bin/docker-compose' : null;
if (!dockerCompose && !ci)
  console.log('[amiko] docker-compose is not installed: skipping `docker-compose config`.');

describe.runIf(dockerCompose || ci)('docker-compose config', () => {
  /** A copy of the compose files (and an .env) in a folder of its own; a clean environment. */
  function config(file: string, dotEnv: string | null) {
    if (!dockerCompose)
      throw new Error('docker-compose must be installed in CI (CI=true): apt-get install docker-compose');
    const dir = tempDir();
    for (const name of ['docker-compose.yml', 'docker-compose.scale.yml', 'Dockerfile', 'deploy/Caddyfile']) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      cpSync(`${ROOT}${name}`, join(dir, name));
    }
    if (dotEnv !== null) cpSync(`${ROOT}.env.example`, join(dir, '.env'));
    if (dotEnv) execFileSync('sh', ['-c', `printf '%s\\n' "$0" >> .env`, dotEnv], { cwd: dir });
    const result = spawnSync(dockerCompose, ['-f', file, 'config'], {
      cwd: dir,
      env: { PATH: process.env.PATH },
      encoding: 'utf8',
    });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  it('takes the settings for going live from .env, as the server reads them', () => {
    const rateLimits = '{"signIn:ip":{"max":50,"windowMs":900000}}';
    for (const [file, service, secrets] of [
      ['docker-compose.yml', 'amiko', ''],
      ['docker-compose.scale.yml', 'amiko-1', 'POSTGRES_PASSWORD=pw1\nREDIS_PASSWORD=pw2\n'],
    ] as const) {
      const result = config(
        file,
        `${secrets}TRUST_PROXY=true\nRATE_LIMITS=${rateLimits}\nALLOWED_ORIGINS=https://admin.amiko.example\nSHUTDOWN_DELAY_MS=2000\nSMTP_URL=smtp://mailer:pw3@mail.example:587`,
      );
      expect(result.code, result.stderr).toBe(0);
      const environment = (parse(result.stdout) as ComposeFile).services[service]!.environment as Record<
        string,
        string
      >;
      expect(environment).toMatchObject({
        TRUST_PROXY: 'true',
        RATE_LIMITS: rateLimits,
        ALLOWED_ORIGINS: 'https://admin.amiko.example',
        SHUTDOWN_DELAY_MS: '2000',
        SMTP_URL: 'smtp://mailer:pw3@mail.example:587',
      });
      const env = readEnv({ ...stageEnv(runtimeStage()), ...environment });
      expect(env.RATE_LIMITS).toEqual(JSON.parse(rateLimits));
      expect(env.TRUST_PROXY).toBe(true);
    }
  });

  it('accepts docker-compose.yml with no .env and with .env.example as .env', () => {
    for (const dotEnv of [null, '']) {
      const result = config('docker-compose.yml', dotEnv);
      expect(result.code, result.stderr).toBe(0);
      const resolved = parse(result.stdout) as ComposeFile;
      expect(resolved.services.amiko!.environment).toEqual(
        Object.fromEntries(
          Object.entries(writtenEnvironment(single.services.amiko!)).map(([k, v]) => [k, interpolate(v, {})]),
        ),
      );
    }
  });

  it('refuses docker-compose.scale.yml until .env sets the secrets, then accepts it', () => {
    const without = config('docker-compose.scale.yml', '');
    expect(without.code).not.toBe(0);
    expect(without.stderr).toMatch(/set (POSTGRES|REDIS)_PASSWORD in \.env/);
    const withSecrets = config('docker-compose.scale.yml', 'POSTGRES_PASSWORD=pw1\nREDIS_PASSWORD=pw2');
    expect(withSecrets.code, withSecrets.stderr).toBe(0);
    const resolved = parse(withSecrets.stdout) as ComposeFile;
    const vars = { POSTGRES_PASSWORD: 'pw1', REDIS_PASSWORD: 'pw2' };
    for (const name of ['amiko-1', 'amiko-2']) {
      expect(resolved.services[name]!.environment).toEqual(
        Object.fromEntries(
          Object.entries(writtenEnvironment(scale.services[name]!)).map(([k, v]) => [
            k,
            interpolate(v, vars),
          ]),
        ),
      );
    }
  });
});

describe('the image’s command on this host', () => {
  // The SMTP server mailpit would be: mail arrives here.
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(() => smtp?.stop());

  it('serves /readyz from the production tree, with the environment docker-compose.yml gives it', async () => {
    // The image's /app, made the way the Dockerfile's stages make it, from a copy of the workspace's files:
    // the manifests stage's own command picks what installing reads, the install runs on that alone, then
    // the sources arrive and the tree is assembled.
    const work = tempDir();
    const context = join(work, 'context');
    const src = join(work, 'src');
    const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .split('\0')
      .filter((f) => f && existsSync(join(ROOT, f)));
    for (const file of files) {
      mkdirSync(dirname(join(context, file)), { recursive: true });
      cpSync(join(ROOT, file), join(context, file));
    }
    const stages = readDockerfile();
    const [pick] = instructions(
      stages.find((stage) => stage.name === 'manifests')!,
      'RUN',
    );
    mkdirSync(src);
    writeFileSync(join(src, 'package.json'), readFileSync(join(context, 'package.json')));
    const picked = spawnSync('sh', ['-c', pick!.replaceAll('/context', context).replaceAll('/src', src)], {
      encoding: 'utf8',
    });
    expect(picked.status, picked.stderr).toBe(0);
    expect(existsSync(join(src, 'apps/server/src'))).toBe(false);
    const step = (...args: string[]) => {
      const result = spawnSync('sh', ['deploy/production-tree.sh', ...args], { cwd: src, encoding: 'utf8' });
      expect(result.status, result.stderr + result.stdout).toBe(0);
    };
    step('install');
    cpSync(context, src, { recursive: true });
    const app = join(work, 'app');
    step('assemble', app);

    // The server and the workspace packages it imports, as TypeScript sources outside node_modules ...
    expect(readdirSync(join(app, 'packages')).sort()).toEqual([
      'api',
      'auth',
      'core',
      'db',
      'i18n',
      'places',
    ]);
    expect(readdirSync(join(app, 'apps'))).toEqual(['server']);
    expect(existsSync(join(app, 'packages/db/src/checkpoint-worker.ts'))).toBe(true);
    // ... with production dependencies only: nothing that builds, tests or lints.
    const installed = readdirSync(join(app, 'node_modules/.pnpm'));
    for (const dev of [
      'vite@',
      'vitest@',
      'drizzle-kit@',
      'eslint@',
      'prettier@',
      'fast-check@',
      '@playwright+test@',
      'lighthouse@',
      'react@',
      '@types+nodemailer@',
    ]) {
      expect(
        installed.filter((p) => p.startsWith(dev)),
        dev,
      ).toEqual([]);
    }
    for (const needed of ['better-sqlite3@', 'sharp@', '@node-rs+argon2@', 'fastify@', 'tar-stream@']) {
      expect(
        installed.some((p) => p.startsWith(needed)),
        needed,
      ).toBe(true);
    }
    // ... and nothing the server never runs: TypeScript, type declarations, source maps, better-sqlite3's C
    // sources and its binaries for other systems (issue 36.7: the tree was 182 MB, 80 MB without them, before the places).
    expect(installed.filter((p) => p.startsWith('typescript@') || p.startsWith('@types+'))).toEqual([]);
    const leftovers = execFileSync(
      'find',
      [join(app, 'node_modules'), '-type', 'f', '(', '-name', '*.d.ts', '-o', '-name', '*.map', ')'],
      { encoding: 'utf8' },
    );
    expect(leftovers).toBe('');
    const sqlite = join(app, 'apps/server/node_modules/better-sqlite3');
    expect(existsSync(join(sqlite, 'deps'))).toBe(false);
    expect(readdirSync(join(sqlite, 'prebuilds'))).toEqual([`${process.platform}-${process.arch}.node`]);
    const megabytes = Number(execFileSync('du', ['-sm', app], { encoding: 'utf8' }).split('\t')[0]);
    console.log(`[container] the image's production tree: ${megabytes} MB`);
    // 136 MB on 2026-11-29, 54 of them the places (docs/operations.md): what the image ships, kept in bounds.
    expect(megabytes).toBeLessThan(160);

    const data = join(work, 'data');
    const port = await freePort();
    const amiko = single.services.amiko!;
    const env = onTheHost(containerEnvironment(amiko), {
      data,
      port,
      publishedPort: publishedPort(amiko, 3000),
      services: { 'mailpit:1025': smtp.address },
    });
    expect(env).toMatchObject({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      DATABASE_URL: `file:${data}/amiko.db`,
    });
    const { command, workdir } = imageCommand();
    expect(workdir).toBe('/app');
    const child = spawn(command[0] === 'node' ? process.execPath : command[0]!, command.slice(1), {
      cwd: app,
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      // Docker's health check, as the Dockerfile writes it, until it passes.
      const probe = execForm(
        instructions(runtimeStage(), 'HEALTHCHECK')[0]!.replace(/^(--\S+\s+)*CMD\s+/, ''),
      );
      const deadline = Date.now() + 60_000;
      for (;;) {
        const check = spawnSync(process.execPath, probe.slice(1), {
          env: { PATH: process.env.PATH, ...env },
        });
        if (check.status === 0) break;
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`never healthy:\n${output}`);
        await new Promise((r) => setTimeout(r, 500));
      }
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(await ready.json()).toEqual({ status: 'ready' });
      expect(existsSync(join(data, 'amiko.db'))).toBe(true);
      // Production: no dev mailbox; mail goes out over SMTP (to mailpit in the compose setup).
      expect((await fetch(`http://127.0.0.1:${port}/dev/mail.json`)).status).toBe(404);
      const signUp = await fetch(`http://127.0.0.1:${port}/trpc/auth.signUp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: env.PUBLIC_URL! },
        body: JSON.stringify({ name: 'Ops', email: 'ops@example.com', password: 'Tangerine-Otter-42' }),
      });
      expect(signUp.status).toBe(200);
      expect(signUp.headers.get('set-cookie')).toMatch(/; Secure/i);
      const deadlineMail = Date.now() + 15_000;
      while (!smtp.received.some((m) => m.subject?.includes('verify')) && Date.now() < deadlineMail) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(smtp.received.map((m) => m.subject)).toEqual(['Please verify your email address for Amiko']);
      expect(smtp.received[0]!.text).toContain(`http://localhost:${port}/auth-action?mode=verifyEmail&code=`);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited, output).toBe(0);
  }, 240_000);
});
