import { describe, expect, it } from 'vitest';
import { parseDatabaseUrl, hideUrlPasswords } from './url.ts';

describe('hideUrlPasswords', () => {
  it('hides the password of every URL in a text, with or without a user name', () => {
    expect(
      hideUrlPasswords('SMTP_URL must be an smtp:// URL (got "http://user:s3cretpw@mail.example:587")'),
    ).toBe('SMTP_URL must be an smtp:// URL (got "http://user:***@mail.example:587")');
    expect(hideUrlPasswords('redis://:pw1@redis:6379 and postgres://amiko:pw2@db/amiko')).toBe(
      'redis://:***@redis:6379 and postgres://amiko:***@db/amiko',
    );
    // A password holding an unescaped @ or /, as pasted from a password generator.
    expect(hideUrlPasswords('redis://:a@b/c@redis:6379')).toBe('redis://:***@redis:6379');
    expect(hideUrlPasswords('got "mailer:pw3@mail.example" (no scheme)')).toBe(
      'got "mailer:***@mail.example" (no scheme)',
    );
    expect(hideUrlPasswords('{"catcher":"smtp://u:pw4@mailpit:1025","to":"ana@example.com"}')).toBe(
      '{"catcher":"smtp://u:***@mailpit:1025","to":"ana@example.com"}',
    );
    expect(hideUrlPasswords('smtp://ana@mail.example:587 http://localhost:3000/x')).toBe(
      'smtp://ana@mail.example:587 http://localhost:3000/x',
    );
  });

  it('keeps the password out of a refused DATABASE_URL', () => {
    expect(() => parseDatabaseUrl('mysql://root:hunter2@db/amiko')).toThrow(/root:\*\*\*@db/);
    expect(() => parseDatabaseUrl('mysql://root:hunter2@db/amiko')).not.toThrow(/hunter2/);
  });
});
