// `node packages/places/scripts/build-cache.ts`: builds the gazetteer's index cache now (it is otherwise
// built the first time a process needs it), e.g. while building an image whose code is read-only at run time.
import { loadPlaces } from '../src/index.ts';

const info = loadPlaces();
console.warn(
  `${info.origin === 'cache' ? 'Already built' : 'Built'}: ${info.file} ` +
    `(${(info.bytes / 1048576).toFixed(1)} MB, ${info.milliseconds.toFixed(0)} ms)`,
);
