import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      'apps/web/builds/**',
      'apps/desktop/out/**',
      '**/node_modules/**',
      '**/playwright-report/**',
      '**/test-results/**',
      'data/**',
      'docs/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['packages/ui/**/*.{ts,tsx}', 'apps/web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest']],
    rules: {
      // Notifications load on first use (packages/ui/src/notify.tsx); a direct call would show nothing.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@mantine/notifications', message: "Use notify() from 'notify.tsx'." }] },
      ],
    },
  },
  {
    files: ['packages/ui/src/notify.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Dialect differences live in packages/db/src (dialect.ts, client.ts, the send paths, migrations):
    // everywhere else code is written once for SQLite and PostgreSQL (docs/decisions.md).
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    // The backup and restore commands are one per database by nature (SQLite's backup API here,
    // pg_dump/pg_restore there), so they may ask which one they are given.
    ignores: ['packages/db/src/**', 'apps/server/src/ops/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'BinaryExpression > Literal[value=/^(sqlite|postgres)$/]',
          'SwitchCase > Literal.test[value=/^(sqlite|postgres)$/]',
          "MemberExpression[property.name=/^(dialect|raw)$/]:not([object.name='String'])",
          'ObjectPattern > Property[key.name=/^(dialect|raw)$/]',
        ].map((selector) => ({
          selector,
          message: 'Dialect differences go in packages/db/src/dialect.ts, exposed as named operations.',
        })),
        {
          selector: "CallExpression[callee.property.name='for'][callee.object.type='CallExpression']",
          message: 'Row locks are PostgreSQL-only: use lockMembers (packages/db/src/dialect.ts).',
        },
      ],
    },
  },
  {
    // Tests, scripts and benchmarks report on the console by design.
    files: ['tests/**', '**/*.config.ts', 'packages/db/src/seed/**', 'vitest.config.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // Playwright reads a fixture's dependencies from its destructuring pattern, empty included.
    files: ['tests/e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    // Rooms of a readable size (issue 29): a product file over 500 lines holds several concerns, a
    // component file over 200 several parts; split them along those. The catalog of interests and the
    // gazetteer's generated tables are data, not code.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'packages/core/src/catalogs.ts', 'packages/places/src/tables/**'],
    rules: { 'max-lines': ['error', { max: 500 }] },
  },
  {
    files: ['apps/*/src/**/*.tsx', 'packages/*/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'max-lines': ['error', { max: 200 }] },
  },
  {
    // The service worker runs in its own global scope (clients, registration, skipWaiting).
    files: ['apps/web/src/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
);
