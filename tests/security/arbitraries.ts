import fc from 'fast-check';

// fast-check arbitraries derived from a zod (v4) schema by reading its definition (`schema._zod.def`): values
// shaped like the schema (so that most of them reach the procedure behind it) made of hostile material
// (control characters, NUL, invisible and direction marks, lone surrogates, quotes and SQL wildcards, long
// strings, numbers at and past the bounds), and now and then a value of the wrong type anywhere in the tree.
// A zod type this file does not know throws, so a new kind of input cannot slip past the fuzzer unnoticed.

export interface ArbitraryOptions {
  /** Real ids (members, conversations): a string whose pattern they match is often one of them. */
  knownIds: string[];
  /** The longest string to send where the schema has no maximum (GET queries must fit a URL). */
  unboundedLength: number;
}

interface ZodLike {
  _zod: { def: Def };
}
interface Def {
  type: string;
  checks?: ZodLike[];
  [key: string]: unknown;
}
interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

const defOf = (schema: unknown): Def => (schema as ZodLike)._zod.def;
const checksOf = (def: Def): CheckDef[] => (def.checks ?? []).map((c) => c._zod.def as unknown as CheckDef);

/** Characters that break naive code: controls, NUL, invisibles, direction overrides, combining marks… */
const NASTY_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u001b',
  '\u007f',
  '\u0085',
  '\t',
  '\n',
  '\r',
  '\u200b',
  '\u200d',
  '\u202e',
  '\u2066',
  '\u3164',
  '\u2800',
  '\ufeff',
  '\u0301',
  '\ud800',
  '\udfff',
  '\uffff',
  '😀',
  'ß',
  'İ',
  "'",
  '"',
  '`',
  '\\',
  '%',
  '_',
  ';',
  '--',
  '/*',
  '<',
  '>',
  '&',
  '${',
  '{{',
  '\u0000\u0000',
];

const character: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_CHARACTERS) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
);

/** A hostile text: short, at the limit, or just past it (repeating a character keeps long ones cheap). */
function hostileText(min: number, max: number): fc.Arbitrary<string> {
  const lengths = [...new Set([max, max + 1, Math.max(min - 1, 0), Math.min(max * 2, max + 1000)])];
  return fc.oneof(
    { weight: 6, arbitrary: fc.string({ unit: character, minLength: 0, maxLength: Math.min(max, 40) }) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(character, fc.constantFrom(...lengths), fc.string({ unit: character, maxLength: 5 }))
        .map(([c, length, tail]) => (c.repeat(length) + tail).slice(0, length)),
    },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', '\u0000', 'null', 'undefined', "' OR 1=1 --", '%_%') },
  );
}

/** Anything JSON can carry: the "wrong type" values. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.constantFrom(-0, 1e308, -1e308, 2 ** 53, 0.5, Number.MAX_SAFE_INTEGER + 2),
  fc.string({ maxLength: 20 }),
  fc.constant({}),
  fc.constant([]),
  fc.jsonValue({ maxDepth: 2 }),
  fc.constant(JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}')),
);

/** A value for `schema`, mostly of its shape, sometimes of the wrong type. */
export function arbitraryFor(schema: unknown, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 19, arbitrary: shaped(schema, options) }, { weight: 1, arbitrary: wrongType });
}

function shaped(schema: unknown, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (key: string) => arbitraryFor(def[key], options);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def, options);
    case 'number':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.oneof(
        { weight: 9, arbitrary: fc.constantFrom(...Object.values(def.entries as Record<string, string>)) },
        { weight: 1, arbitrary: hostileText(0, 20) },
      );
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.oneof(
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 4, arbitrary: inner('innerType') },
      );
    case 'nullable':
      return fc.oneof(
        { weight: 1, arbitrary: fc.constant(null) },
        { weight: 4, arbitrary: inner('innerType') },
      );
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner('innerType');
    case 'pipe':
      // A transform or a second schema after the first: the input is the first's.
      return shaped(def.in, options);
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((option) => shaped(option, options)));
    case 'array': {
      const max = checksOf(def).find((c) => c.check === 'max_length')?.maximum ?? 50;
      const element = arbitraryFor(def.element, options);
      return fc.oneof(
        { weight: 9, arbitrary: fc.array(element, { maxLength: Math.min(max, 12) }) },
        { weight: 1, arbitrary: fc.array(element, { minLength: max + 1, maxLength: max + 3 }) },
      );
    }
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const keys = Object.keys(shape);
      const required = keys.filter(
        (key) => !['optional', 'default', 'prefault'].includes(defOf(shape[key]).type),
      );
      const record = fc.record(
        Object.fromEntries(keys.map((key) => [key, arbitraryFor(shape[key], options)])),
        { requiredKeys: required },
      );
      return fc.oneof(
        { weight: 19, arbitrary: record },
        // A required key missing, or keys nobody asked for.
        {
          weight: 1,
          arbitrary: fc
            .tuple(record, fc.constantFrom(...keys, '__proto__', 'constructor', 'id', 'memberId'), wrongType)
            .map(([value, key, extra]) => ({ ...(value as object), [key]: extra })),
        },
      );
    }
    case 'record': {
      const keyDef = defOf(def.keyType);
      if (keyDef.type !== 'enum')
        throw new Error(`fuzz: records keyed by ${keyDef.type} are not generated yet`);
      const keys = Object.values(keyDef.entries as Record<string, string>);
      return fc.record(Object.fromEntries(keys.map((key) => [key, arbitraryFor(def.valueType, options)])), {
        requiredKeys: [],
      });
    }
    default:
      throw new Error(
        `fuzz: no arbitrary for zod type "${def.type}": add one in tests/security/arbitraries.ts`,
      );
  }
}

function stringArbitrary(def: Def, options: ArbitraryOptions): fc.Arbitrary<string> {
  const checks = checksOf(def);
  const min = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
  const max = checks.find((c) => c.check === 'max_length')?.maximum ?? options.unboundedLength;
  // z.uuid() and friends carry their format on the schema itself; .regex() as a check.
  const patterns = [
    ...(def.pattern instanceof RegExp ? [def.pattern] : []),
    ...checks.flatMap((c) => (c.check === 'string_format' && c.pattern ? [c.pattern] : [])),
  ];
  const text = hostileText(min, Math.min(max, options.unboundedLength));
  if (patterns.length === 0) return text;
  const matching = patterns.map((pattern) => fc.stringMatching(pattern));
  const known = options.knownIds.filter((id) => patterns.every((pattern) => pattern.test(id)));
  return fc.oneof(
    { weight: 4, arbitrary: fc.oneof(...matching) },
    ...(known.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...known) }] : []),
    { weight: 2, arbitrary: text },
  );
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  const checks = checksOf(def);
  const integer = checks.some((c) => c.check === 'number_format' && /int/.test(c.format ?? ''));
  const min = checks.find((c) => c.check === 'greater_than')?.value ?? -(2 ** 40);
  const max = checks.find((c) => c.check === 'less_than')?.value ?? 2 ** 40;
  const inRange = integer
    ? fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) })
    : fc.double({ min, max, noNaN: true });
  return fc.oneof(
    { weight: 8, arbitrary: inRange },
    { weight: 2, arbitrary: fc.constantFrom(min, max, min - 1, max + 1, 0, -1, 0.5, 1e21, -0) },
  );
}

// Requests to the routes outside tRPC (unsubscribe, data download, uploads, webhooks, health, dev mail): raw
// query strings and bodies, since those routes read what arrives as it arrives.

/** UTF-8 bytes of a text, each one %XX unless unreserved (a lone surrogate becomes U+FFFD, as in a browser). */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** Escapes a query string's parser must survive: broken or overlong UTF-8, NUL, lone surrogates, brackets. */
const MALFORMED_ESCAPES = [
  '%',
  '%z',
  '%zz',
  '%00',
  '%C0%AF',
  '%E0%A4%A',
  '%ED%A0%80',
  '%FF',
  '+',
  '[]',
  '%5B%5D',
];

/** The longest query string sent: long, and with the rest of the request within Node's 16 KiB head. */
const QUERY_MAX_LENGTH = 12_000;

/** One value of a query parameter, as it appears in the URL. */
function queryValue(options: ArbitraryOptions): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: hostileText(0, options.unboundedLength).map(percentEncode) },
    ...(options.knownIds.length > 0
      ? [{ weight: 2, arbitrary: fc.constantFrom(...options.knownIds).map(percentEncode) }]
      : []),
    { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_ESCAPES) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('a', '%00', '%F0%9F%98%80'), fc.integer({ min: 1000, max: 6000 }))
        .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length)),
    },
  );
}

/**
 * A raw query string (without "?") for a route that reads `keys`: those keys and others, repeated (an array
 * to the route), bare or empty, with brackets, and values that are hostile, huge or badly escaped.
 */
export function queryStringFor(keys: string[], options: ArbitraryOptions): fc.Arbitrary<string> {
  const key = fc.oneof(
    ...(keys.length > 0 ? [{ weight: 8, arbitrary: fc.constantFrom(...keys) }] : []),
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...keys, 'x'), fc.constantFrom('[]', '[0]', '[a]', '.b', '%00', ''))
        .map(([name, suffix]) => name + suffix),
    },
    { weight: 1, arbitrary: hostileText(0, 20).map(percentEncode) },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'lng') },
  );
  const pair = fc.oneof(
    { weight: 8, arbitrary: fc.tuple(key, queryValue(options)).map(([k, v]) => `${k}=${v}`) },
    { weight: 1, arbitrary: key },
    { weight: 1, arbitrary: key.map((k) => `${k}=`) },
  );
  // Node refuses a request whose head passes 16 KiB (431) before any route sees it: stay below.
  return fc
    .tuple(fc.array(pair, { maxLength: 8 }), fc.constantFrom('&', '&&'))
    .map(([pairs, separator]) => pairs.join(separator).slice(0, QUERY_MAX_LENGTH));
}

/** A request body and the Content-Type it claims (which may not match it). */
export interface RawBody {
  contentType: string | null;
  body: Uint8Array;
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-16',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=b',
  'multipart/form-data',
  'text/plain',
  'application/octet-stream',
  'image/png',
  '*/*',
  'x/y; a="b',
  '',
];

/** A multipart body with a file in field `field` (maybe cut short), as a form of the app would send. */
function multipart(field: string, file: Uint8Array, cut: number | null): Uint8Array {
  const head = Buffer.from(
    `--b\r\nContent-Disposition: form-data; name="${field}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const whole = Buffer.concat([head, file, Buffer.from('\r\n--b--\r\n')]);
  return cut === null ? whole : whole.subarray(0, Math.min(cut, whole.length));
}

/** Bodies of every kind: JSON of the wrong shape, hostile text, random bytes, broken multipart. */
export const rawBody: fc.Arbitrary<RawBody> = fc.oneof(
  wrongType.map((value) => ({
    contentType: 'application/json',
    body: Buffer.from(JSON.stringify(value) ?? ''),
  })),
  fc
    .tuple(fc.constantFrom(...CONTENT_TYPES), hostileText(0, 2000))
    .map(([contentType, text]) => ({ contentType, body: Buffer.from(text) })),
  fc
    .tuple(fc.option(fc.constantFrom(...CONTENT_TYPES)), fc.uint8Array({ maxLength: 4096 }))
    .map(([contentType, body]) => ({ contentType, body })),
  fc
    .tuple(
      fc.constantFrom('photo', 'crop', 'other', ''),
      fc.uint8Array({ maxLength: 2048 }),
      fc.option(fc.nat({ max: 300 })),
    )
    .map(([field, file, cut]) => ({
      contentType: 'multipart/form-data; boundary=b',
      body: multipart(field, file, cut),
    })),
);
