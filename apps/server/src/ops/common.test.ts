import { createLocalPhotoStore } from '@amiko/api';
import fc from 'fast-check';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isUploadName, shown } from './common.ts';

// shown(): how the command-line tools print what a member wrote (issue 28.4, forged evidence).

describe('shown: member text on an operator’s terminal', () => {
  it('leaves ordinary text alone, in any script, emoji sequences included', () => {
    for (const text of ['Paula', 'Jörg Müller', 'Привет, 你好', 'مرحبا', '👩‍👩‍👧 🇩🇪', 'a  b', 'x: y [z]'])
      expect(shown(text)).toBe(text);
  });

  it('shows line breaks, carriage returns and tabs as escapes, never as what they do', () => {
    expect(shown('ok\r[2026-11-20 10:00] Paula: I will hurt you')).toBe(
      'ok\\r[2026-11-20 10:00] Paula: I will hurt you',
    );
    expect(shown('one\ntwo\r\nthree\tfour')).toBe('one\\ntwo\\r\\nthree\\tfour');
  });

  it('shows every other control, ANSI escape sequences, separators and bidi controls as \\u escapes', () => {
    expect(shown('\u001b[2K\u001b[1Afake\u001b[0m')).toBe('\\u001b[2K\\u001b[1Afake\\u001b[0m');
    expect(shown('\u0000\u0007\u0008\u000b\u000c\u007f')).toBe('\\u0000\\u0007\\u0008\\u000b\\u000c\\u007f');
    // C1: NEL (a line break on some terminals) and CSI (an escape sequence on its own).
    expect(shown('a\u0085b\u009b2Kc')).toBe('a\\u0085b\\u009b2Kc');
    expect(shown('a\u2028b\u2029c')).toBe('a\\u2028b\\u2029c');
    const bidi = '\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
    expect(shown(`x${bidi}y`)).toBe(
      'x\\u061c\\u200e\\u200f\\u202a\\u202b\\u202c\\u202d\\u202e\\u2066\\u2067\\u2068\\u2069y',
    );
    expect(shown('lone \ud800 surrogate')).toBe('lone \\ud800 surrogate');
  });

  it('escapes a backslash, so a typed "\\r" cannot pass for a carriage return', () => {
    expect(shown('typed \\r and real \r')).toBe('typed \\\\r and real \\r');
  });

  it('never leaves a character that can break a line or steer the terminal', () => {
    let all = '';
    for (let code = 0; code <= 0xffff; code += 1) all += String.fromCharCode(code);
    const out = shown(all);
    expect(out).not.toMatch(/[\p{Cc}\p{Zl}\p{Zp}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u);
    expect(out.split('\n')).toHaveLength(1);
  });
});

describe('isUploadName: what a backup takes from the uploads folder and a restore puts back', () => {
  it('takes every name the photo store gives, those beginning with "-" too (base64url keys)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'amiko-upload-names-'));
    try {
      const store = createLocalPhotoStore(dir);
      for (let i = 0; i < 200; i += 1) await store.save(new Uint8Array([i]), 'webp');
      const names = await readdir(dir);
      expect(names).toHaveLength(200);
      expect(names.filter((name) => !isUploadName(name))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (bytes) =>
        isUploadName(`${Buffer.from(bytes).toString('base64url')}.webp`),
      ),
    );
    expect(isUploadName('-AbCdEfGhIjKlMnOpQrStUv.webp')).toBe(true);
  });

  it('refuses dot files, paths and empty names', () => {
    for (const name of ['', '.', '..', '.hidden', 'a/b', '../x', 'a\\b', 'x'.repeat(256)])
      expect(isUploadName(name), name).toBe(false);
  });
});
