// Lint: TypeScript and React hooks rules, import boundaries (ARCHITECTURE.md: shared <- plugins;
// shared <- shell-dev/app), feature boundaries inside a plugin (CONVENTIONS.md), and the
// JavaScript files (build scripts, test runners, the login app) with their own globals.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import local from './scripts/eslint/feature-boundaries.mjs';

const PLUGINS = ['device-operations', 'dashboard-widgets', 'software-repository', 'device-profiles', 'mobile-router', 'connection-checks'];

const noImport = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }],
});

export default tseslint.config(
  // shell-dev/platform-shell is a separate Angular project: its AOT build type-checks it.
  { ignores: ['node_modules/**', 'dist/**', '.data/**', 'coverage/**', 'shell-dev/platform-shell/**', 'bench/.data/**', 'bench/results/**', 'e2e/artifacts/**'] },
  { files: ['**/*.{js,mjs,cjs}'], ...js.configs.recommended },
  { files: ['**/*.{js,mjs}'], languageOptions: { sourceType: 'module', globals: { ...globals.node } } },
  { files: ['**/*.cjs', 'shared/testing/file-stub.js'], languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } } },
  // The login app is a classic browser script served as is (no build step).
  { files: ['shell-dev/server/login-app/**/*.js'], languageOptions: { sourceType: 'script', globals: { ...globals.browser } } },
  { files: ['**/*.{js,mjs,cjs}'], rules: { 'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }] } },
  ...tseslint.configs.recommended.map((c) => ({ ...c, files: ['**/*.{ts,tsx}'] })),
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // A disable comment that no longer disables anything fails (each remaining one says why).
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  { files: ['plugins/**/*.{ts,tsx}'], plugins: { local }, rules: { 'local/feature-boundaries': 'error' } },
  ...PLUGINS.map((id) => ({
    files: [`plugins/${id}/**/*.{ts,tsx}`],
    rules: noImport(
      [...PLUGINS.filter((p) => p !== id).flatMap((p) => [`**/plugins/${p}/**`, `**/${p}/**`]), '**/shell-dev/**'],
      'A plugin imports no other plugin and no shell-dev code (ARCHITECTURE.md).',
    ),
  })),
  {
    files: ['shell-dev/**/*.{ts,tsx}'],
    rules: noImport(['**/plugins/**'], 'The shell loads plugins through federation only.'),
  },
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: noImport(['**/plugins/**', '**/shell-dev/**'], 'shared/ is the SDK: it imports neither plugins nor the shell.'),
  },
);
