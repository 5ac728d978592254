import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Shows that the compile-time schema check (schema-types.ts) can fail: the TypeScript compiler checks it
// with the PostgreSQL schema file edited in memory, the way a one-sided change would edit it.
const typesFile = fileURLToPath(new URL('./schema-types.ts', import.meta.url));
const pgFile = fileURLToPath(new URL('./pg.ts', import.meta.url));
const workspace = fileURLToPath(new URL('../../../../', import.meta.url));

const { config } = ts.readConfigFile(`${workspace}tsconfig.json`, (path) => ts.sys.readFile(path));
const { options } = ts.parseJsonConfigFileContent(config, ts.sys, workspace);

let previous: ts.Program | undefined;

/** The errors the compiler reports in schema-types.ts when pg.ts reads as `edit` makes it. */
function schemaTypeErrors(edit: (source: string) => string): string[] {
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (path) => {
    const text = readFile(path);
    return text !== undefined && path === pgFile ? edit(text) : text;
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
    expect(schemaTypeErrors((source) => source)).toEqual([]);
  }, 60_000);

  it('fails when a column is added to the PostgreSQL schema only', () => {
    const errors = schemaTypeErrors((source) =>
      replaceOnce(source, "email: str('email'),", "email: str('email'),\n    nickname: str('nickname'),"),
    );
    expect(errors).toEqual([
      "sameSelectRows: Type 'true' is not assignable to type 'false'.",
      "sameInsertRows: Type 'true' is not assignable to type 'false'.",
    ]);
  }, 60_000);

  it("fails when a column's nullability differs between the dialects", () => {
    const errors = schemaTypeErrors((source) =>
      replaceOnce(
        source,
        "emailVerified: bool('email_verified').notNull().default(false),",
        "emailVerified: bool('email_verified').default(false),",
      ),
    );
    expect(errors).toEqual([
      "sameSelectRows: Type 'true' is not assignable to type 'false'.",
      "sameInsertRows: Type 'true' is not assignable to type 'false'.",
    ]);
  }, 60_000);
});
