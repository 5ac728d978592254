// Item 2: which server the window shows. AMIKO_SERVER_URL is fixed at build time; without it, development's
// http://localhost:3000. Only an http(s) origin: the app loads the server's pages from its root, and the
// navigation and IPC checks compare origins.
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_SERVER_URL, serverUrlFrom } from '../src/main/config.ts';

describe('the server address', () => {
  it('is http://localhost:3000 when none was fixed at build time', () => {
    expect(DEVELOPMENT_SERVER_URL).toBe('http://localhost:3000');
    expect(serverUrlFrom(undefined).href).toBe('http://localhost:3000/');
    expect(serverUrlFrom('').href).toBe('http://localhost:3000/');
  });

  it('keeps an http(s) address as its origin, dropping any path, query, fragment or credentials', () => {
    expect(serverUrlFrom('https://amiko.example').href).toBe('https://amiko.example/');
    expect(serverUrlFrom('https://amiko.example:8443/app/messages?x=1#top').href).toBe(
      'https://amiko.example:8443/',
    );
    expect(serverUrlFrom('http://user:secret@192.168.1.20:3000/').href).toBe('http://192.168.1.20:3000/');
    for (const raw of [
      'https://amiko.example/',
      'https://Amiko.Example/desktop/index.html',
      'http://[::1]:3000/messages',
      'https://amiko.example?with=ana',
      'https://amiko.example#/settings',
    ]) {
      const url = serverUrlFrom(raw);
      expect(url.href, raw).toBe(`${new URL(raw).origin}/`);
      expect(url.pathname + url.search + url.hash, raw).toBe('/');
    }
  });

  it('refuses anything but an http(s) address, saying what it needs', () => {
    for (const raw of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'ftp://amiko.example',
      'amiko://messages',
      'ws://amiko.example',
      'data:text/html,hi',
      'amiko.example',
      'not an address',
    ]) {
      expect(() => serverUrlFrom(raw), raw).toThrow(
        `AMIKO_SERVER_URL must be an http(s) address, not "${raw}"`,
      );
    }
  });
});
