// Item 10 and the fuses of item 8: electron-builder.yml, parsed and checked.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
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
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.mac.target).toEqual(['dmg']);
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
});
