// Item 10 and the fuses of item 8: electron-builder.yml, parsed and checked.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { distSettings } from '../dist-settings.ts';
import { PROTOCOL } from '../src/main/deep-links.ts';

const root = new URL('../../../', import.meta.url);
const desktop = new URL('apps/desktop/', root);
const config = parse(readFileSync(new URL('electron-builder.yml', root), 'utf8'));
const scripts = JSON.parse(readFileSync(new URL('package.json', desktop), 'utf8')).scripts;

describe('electron-builder.yml', () => {
  it('names the app', () => {
    expect(config.appId).toBe('org.amiko.desktop');
    expect(config.productName).toBe('Amiko');
  });

  it('registers the amiko protocol the main process handles', () => {
    expect(config.protocols).toEqual([{ name: 'Amiko', schemes: [PROTOCOL] }]);
  });

  it('builds an AppImage and a deb, an NSIS installer and a dmg with the hardened runtime', () => {
    // Issue 36.9: for arm64 and x64 on macOS and Linux; on macOS a zip beside each dmg, the one thing
    // Squirrel.Mac installs an update from ("ZIP file not provided" without it).
    const both = ['arm64', 'x64'];
    const targets = (platform: { target: { target: string; arch: string[] }[] }) =>
      Object.fromEntries(platform.target.map(({ target, arch }) => [target, [...arch].sort()]));
    expect(targets(config.linux)).toEqual({ AppImage: both, deb: both });
    expect(targets(config.mac)).toEqual({ dmg: both, zip: both });
    expect(config.win.target).toEqual(['nsis']);
    expect(config.mac.hardenedRuntime).toBe(true);
    expect(existsSync(new URL(config.mac.entitlements, desktop))).toBe(true);
    expect(readFileSync(new URL(config.mac.entitlements, desktop), 'utf8')).toContain(
      'com.apple.security.cs.allow-jit',
    );
  });

  it('flips the fuses: no RunAsNode, encrypted cookies, ASAR integrity, the app only from its ASAR', () => {
    expect(config.asar).toBe(true);
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('ships the bundle only, with the icon the dist script draws', () => {
    expect(config.files).toEqual(['out/**', 'package.json']);
    expect(config.icon).toBe('build/icon.png');
    expect(readFileSync(new URL('scripts/icon.ts', desktop), 'utf8')).toContain("'../build/icon.png'");
    expect(scripts.dist).toMatch(
      /^node scripts\/icon\.ts && electron-vite build --mode dist && electron-builder --config \.\.\/\.\.\/electron-builder\.yml$/,
    );
  });

  it('publishes updates to a generic feed whose address comes from the environment', () => {
    expect(config.publish).toEqual({ provider: 'generic', url: '${env.AMIKO_UPDATE_URL}' });
  });

  it('takes the deb’s maintainer from the environment, and installs on Windows only updates its publisher signed', () => {
    expect(config.linux.maintainer).toBe('${env.AMIKO_MAINTAINER}');
    expect(config.win.verifyUpdateCodeSignature).toBe(true);
  });
});

describe('a packaged build’s settings', () => {
  const good = {
    AMIKO_SERVER_URL: 'https://amiko.example',
    AMIKO_UPDATE_URL: 'https://amiko.example/desktop/',
    AMIKO_MAINTAINER: 'Amiko Team <team@amiko.example>',
  };

  it('are checked before the build: the server, the update feed and, on Linux, the deb’s maintainer', () => {
    expect(distSettings(good, 'linux')).toEqual({
      serverUrl: 'https://amiko.example',
      updateUrl: 'https://amiko.example/desktop/',
    });
    const { AMIKO_MAINTAINER: _, ...withoutMaintainer } = good;
    expect(distSettings(withoutMaintainer, 'darwin').updateUrl).toBe('https://amiko.example/desktop/');
    expect(() => distSettings(withoutMaintainer, 'linux')).toThrow(
      /^pnpm desktop:dist: set AMIKO_MAINTAINER to the deb package’s maintainer/,
    );
    expect(() => distSettings({ ...good, AMIKO_MAINTAINER: 'Amiko <team@amiko.local' }, 'linux')).toThrow(
      /AMIKO_MAINTAINER/,
    );
  });

  it('name every missing or malformed one in one message', () => {
    expect(() => distSettings({}, 'win32')).toThrow(
      'pnpm desktop:dist: set AMIKO_SERVER_URL to the Amiko server the packaged app shows, e.g. https://amiko.example; ' +
        'set AMIKO_UPDATE_URL to where the update feed is served (latest*.yml and the installers electron-builder writes), e.g. https://amiko.example/desktop/.',
    );
    expect(() => distSettings({ ...good, AMIKO_UPDATE_URL: 'amiko.example/desktop' }, 'darwin')).toThrow(
      /AMIKO_UPDATE_URL must be an http\(s\) address .*not "amiko\.example\/desktop"/,
    );
  });

  it('stop `electron-vite build --mode dist` (pnpm desktop:dist) before it builds anything', () => {
    const { AMIKO_UPDATE_URL: _, ...environment } = process.env;
    const build = spawnSync(
      join(fileURLToPath(desktop), 'node_modules/.bin/electron-vite'),
      ['build', '--mode', 'dist'],
      {
        cwd: desktop,
        env: {
          ...environment,
          AMIKO_SERVER_URL: 'https://amiko.example',
          AMIKO_MAINTAINER: good.AMIKO_MAINTAINER,
        },
        encoding: 'utf8',
      },
    );
    expect(build.status).not.toBe(0);
    expect(build.stderr).toContain(
      'pnpm desktop:dist: set AMIKO_UPDATE_URL to where the update feed is served',
    );
    expect(build.stdout + build.stderr).not.toMatch(/building|built in/i);
  }, 60_000);
});
