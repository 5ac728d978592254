import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Shows that the compile-time schema check (schema-types.ts) can fail: the TypeScript compiler checks it
// with a file edited in memory, the way a one-sided change would edit it.
const typesFile = fileURLToPath(new URL('./schema-types.ts', import.meta.url));
const pgColumnsFile = fileURLToPath(new URL('./columns.pg.ts', import.meta.url));
const kitFile = fileURLToPath(new URL('./kit.ts', import.meta.url));
const workspace = fileURLToPath(new URL('../../../../', import.meta.url));

const { config } = ts.readConfigFile(`${workspace}tsconfig.json`, (path) => ts.sys.readFile(path));
const { options } = ts.parseJsonConfigFileContent(config, ts.sys, workspace);

let previous: ts.Program | undefined;

/** The errors the compiler reports in schema-types.ts when `file` reads as `edit` makes it. */
function schemaTypeErrors(file: string, edit: (source: string) => string): string[] {
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (path) => {
    const text = readFile(path);
    return text !== undefined && path === file ? edit(text) : text;
  };
  const program = ts.createProgram({ rootNames: [typesFile], options, host, oldProgram: previous });
  previous = program;
  return ts.getPreEmitDiagnostics(program, program.getSourceFile(typesFile)).map((d) => {
    // Named by the assertion that failed, e.g. "sameSelectRows: Type 'true' is not assignable …".
    const line = d.file?.text.slice(d.start).split('\n')[0] ?? '';
    const name = /^(\w+)/.exec(line)?.[1] ?? '?';
    return `${name}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n').split('\n')[0]!}`;
  });
}

function replaceOnce(source: string, search: string, replacement: string): string {
  expect(source).toContain(search);
  return source.replace(search, replacement);
}

describe('the compile-time schema check', () => {
  it('passes for the schema files as they are', () => {
    expect(schemaTypeErrors(pgColumnsFile, (source) => source)).toEqual([]);
  }, 60_000);

  it('fails when a PostgreSQL column helper infers another TypeScript type', () => {
    const errors = schemaTypeErrors(pgColumnsFile, (source) =>
      replaceOnce(
        source,
        "export const bigInt = (name: string) => bigint(name, { mode: 'number' });",
        "export const bigInt = (name: string) => bigint(name, { mode: 'bigint' });",
      ),
    );
    expect(errors).toEqual([
      "sameSelectRows: Type 'true' is not assignable to type 'false'.",
      "sameInsertRows: Type 'true' is not assignable to type 'false'.",
    ]);
  }, 60_000);

  it("fails when a column's nullability differs between the dialects", () => {
    const errors = schemaTypeErrors(pgColumnsFile, (source) =>
      replaceOnce(
        source,
        "pgTimestamp(name, { withTimezone: true, mode: 'date' });",
        "pgTimestamp(name, { withTimezone: true, mode: 'date' }).notNull();",
      ),
    );
    expect(errors).toEqual([
      "sameSelectRows: Type 'true' is not assignable to type 'false'.",
      "sameInsertRows: Type 'true' is not assignable to type 'false'.",
    ]);
  }, 60_000);

  it("fails when the kit's tables drift from drizzle's own types", () => {
    // The kit forgetting a column's `$type`: both dialects would still agree, only with a wider type.
    const errors = schemaTypeErrors(kitFile, (source) => replaceOnce(source, '? $Type<B, T>', '? B'));
    expect(errors).toEqual([
      "exactSqliteTables: Type 'true' is not assignable to type 'false'.",
      "exactPgTables: Type 'true' is not assignable to type 'false'.",
    ]);
  }, 60_000);
});
