import type { Config } from 'jest';

const tsJest = {
  '^.+\\.tsx?$': ['ts-jest', { tsconfig: { isolatedModules: true, jsx: 'react-jsx', module: 'CommonJS', moduleResolution: 'Node10', esModuleInterop: true } }],
} as const;

const moduleNameMapper = {
  '^@shared/(.*)$': '<rootDir>/shared/$1',
  '\\.(css|scss|png|svg)$': '<rootDir>/shared/testing/file-stub.js',
};

// shell-dev/platform-shell is a separate Angular project with its own node_modules (and package names).
const PLATFORM_SHELL = '<rootDir>/shell-dev/platform-shell/';
const common = { transform: tsJest, moduleNameMapper, testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/', '/bench/', PLATFORM_SHELL], modulePathIgnorePatterns: [PLATFORM_SHELL] };

/** `*.test.ts` run in Node (logic, server over real HTTP); `*.test.tsx` in jsdom (components). */
const config: Config = {
  // No forceExit: every test closes the servers, child processes and timers it starts, and a
  // handle left behind shows as "Jest did not exit" instead of being hidden.
  // Server tests start real servers on real database files, and component tests render whole
  // dialogs; jest's 5 s default was too short for that on a loaded 2-core machine (CI, or builds
  // beside it) with no fault in the code. A file that needs more sets its own.
  testTimeout: 30_000,
  projects: [
    { ...common, displayName: 'node', testEnvironment: 'node', testMatch: ['<rootDir>/**/*.test.ts'] },
    {
      ...common,
      displayName: 'dom',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/shared/testing/setup-dom.ts'],
    },
  ],
};

export default config;
