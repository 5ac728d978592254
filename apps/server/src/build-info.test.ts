import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { readBuildInfo } from './build-info.ts';

describe('the build info (amiko_build_info)', () => {
  it('names the root package’s version and the checkout’s commit, or the commit the image was built from', () => {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    expect(readBuildInfo()).toEqual({ version: '0.1.0', commit: head });
    expect(readBuildInfo('4f2a91c')).toEqual({ version: '0.1.0', commit: '4f2a91c' });
  });
});
