import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zipStored } from './zip.ts';

// Read back by Info-ZIP's unzip (Debian's), a reader this code does not share anything with.
describe('zipStored', () => {
  it('writes archives unzip lists, tests and extracts byte for byte', () => {
    const dir = mkdtempSync(join(tmpdir(), 'amiko-zip-'));
    try {
      fc.assert(
        fc.property(
          fc.uniqueArray(fc.stringMatching(/^[a-z0-9_-]{1,20}$/), { minLength: 1, maxLength: 4 }),
          fc.array(fc.uint8Array({ maxLength: 2000 }), { minLength: 4, maxLength: 4 }),
          (names, contents) => {
            const entries = names.map((name, i) => ({ name: `${name}.bin`, data: contents[i]! }));
            const file = join(dir, 'a.zip');
            writeFileSync(file, zipStored(entries));
            execFileSync('unzip', ['-tq', file]);
            execFileSync('unzip', ['-oq', file, '-d', join(dir, 'out')]);
            for (const entry of entries)
              expect(readFileSync(join(dir, 'out', entry.name)).equals(Buffer.from(entry.data))).toBe(true);
          },
        ),
        { numRuns: 20 },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
