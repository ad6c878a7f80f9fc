// Lint with import boundaries (ARCHITECTURE.md): shared <- plugins; shared <- shell-dev/app.
import tseslint from 'typescript-eslint';

const PLUGINS = ['device-operations', 'dashboard-widgets', 'software-repository', 'device-profiles', 'mobile-router', 'connection-checks'];

const noImport = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }],
});

export default tseslint.config(
  // shell-dev/platform-shell is a separate Angular project: its AOT build type-checks it.
  { ignores: ['node_modules/**', 'dist/**', '.data/**', 'coverage/**', 'shell-dev/platform-shell/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
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
