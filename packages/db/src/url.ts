export type DatabaseTarget = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

export const DEFAULT_SQLITE_FILE = './data/amiko.db';

export class DatabaseUrlError extends Error {
  override name = 'DatabaseUrlError';
}

/**
 * Reads DATABASE_URL: unset or empty means the embedded SQLite file ./data/amiko.db; `file:<path>` (or
 * `sqlite:<path>`) another SQLite file; `postgres://` or `postgresql://` a PostgreSQL server.
 */
export function parseDatabaseUrl(url: string | undefined): DatabaseTarget {
  if (url === undefined || url.trim() === '') return { dialect: 'sqlite', file: DEFAULT_SQLITE_FILE };
  const value = url.trim();
  const file = /^(?:file|sqlite):(?:\/\/)?(.+)$/.exec(value);
  if (file?.[1]) return { dialect: 'sqlite', file: file[1] };
  if (/^postgres(?:ql)?:\/\//.test(value)) {
    try {
      const parsed = new URL(value);
      if (!parsed.hostname && !parsed.searchParams.get('host')) throw new Error('no host');
    } catch {
      throw new DatabaseUrlError(`DATABASE_URL is not a valid PostgreSQL URL: ${hideUrlPassword(value)}`);
    }
    return { dialect: 'postgres', url: value };
  }
  throw new DatabaseUrlError(
    `DATABASE_URL must start with postgres:// (PostgreSQL) or file: (SQLite), or be unset for ${DEFAULT_SQLITE_FILE}; got "${hideUrlPassword(value)}"`,
  );
}

/**
 * A text with the password of every URL in it replaced by *** (`smtp://ana:***@mail.example`,
 * `redis://:***@redis:6379`, also `ana:***@mail.example` without a scheme), for logs and error messages. Up
 * to the last @ before a space or a quote: an unescaped @ or / inside a password is hidden too, at worst
 * with a little more.
 */
export function hideUrlPasswords(text: string): string {
  return text.replace(
    /(^|[\s"'(=,])((?:[a-z][a-z0-9+.-]*:\/\/)?[^\s:/?#@"'=,]*):(?!\/\/)[^\s"']*@/gi,
    '$1$2:***@',
  );
}

/**
 * One setting's value with the password of its URL replaced by ***, also when the value is no URL a parser
 * takes (`redis://:s3cret pw@h`: a space, which hideUrlPasswords stops at as the end of a URL in a text):
 * from the `:` after the user to the last @ of the value, by pattern, whatever lies between.
 */
export function hideUrlPassword(value: string): string {
  return hideUrlPasswords(value.replace(/^(\s*[a-z][a-z0-9+.-]*:\/\/[^:/?#@]*):(?!\/\/).*@/is, '$1:***@'));
}
