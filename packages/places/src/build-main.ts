// `node build-main.ts <file> <version> <source>`: builds the index and writes it to <file> (under a
// temporary name, then renamed). Run by cache.ts as a process of its own, so the server or test process
// never holds the build's hundreds of megabytes of strings, nor the tables it is built from.
import { renameSync, writeFileSync } from 'node:fs';
import { buildIndex } from './build.ts';

const [file, version, source] = process.argv.slice(2);
if (!file || !version || !source) throw new Error('usage: build-main.ts <file> <version> <source>');
const temporary = `${file}.${process.pid}.tmp`;
writeFileSync(temporary, buildIndex(version, source));
renameSync(temporary, file);
