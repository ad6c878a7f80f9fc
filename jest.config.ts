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
  // handle left behind shows instead of being hidden: as "A worker process has failed to exit
  // gracefully" (two workers, see below), or "Jest did not exit" when run in band.
  // Server tests start real servers on real database files, and component tests render whole
  // dialogs; jest's 5 s default was too short for that on a loaded 2-core machine (CI, or builds
  // beside it) with no fault in the code. A file that needs more sets its own.
  testTimeout: 30_000,
  // Both cores: jest's default on this 2-core machine is one worker (cores - 1). Two took 201 s
  // of wall time against 355 s with one (session 27), the tests' own waits (servers, timers)
  // leaving room for the other worker.
  maxWorkers: 2,
  // A jsdom worker with nothing left open (--detectOpenHandles in band finds none) still took more
  // than jest's 500 ms to end while the other worker ran, and was reported as a leak; 5 s did not
  // lengthen the run (dom project: 49 s).
  workerGracefulExitTimeout: 5000,
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
