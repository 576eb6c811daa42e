/** @type {import('jest').Config} */
export default {
  preset: 'ts-jest/presets/default-esm',
  // Node's, plus a check that each test file closes what it starts (see the file).
  testEnvironment: '<rootDir>/__tests__/helpers/leak-checking-environment.ts',
  // The suite's own temp folder (TMPDIR), removed at the end (see the file).
  globalSetup: '<rootDir>/__tests__/helpers/global-setup.ts',
  globalTeardown: '<rootDir>/__tests__/helpers/global-teardown.ts',
  roots: ['<rootDir>/__tests__'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }]
  },
  // The suite mostly waits on its servers and child processes (about a quarter of its wall time
  // is CPU), so three workers beat jest's default of one on a 2-core machine, busy or not.
  maxWorkers: 3,
  // Under --experimental-vm-modules each test file's modules stay in its worker (10 to 100 MB a
  // file). A new worker costs about half a second of CPU (jest, ts-jest and TypeScript loaded
  // again): recycled past 150 MB, a worker was replaced about every fifth file (some 15 s of the
  // suite's CPU); past 600 MB, a few times a run. A big worker is slower to give its memory back at the
  // end (a 400 MB one took most of a second), which the bound below allows for.
  workerIdleMemoryLimit: '600MB',
  // A worker of 150 to 250 MB took 0.4 to 0.75 s to exit here, past jest's default of
  // 0.5 s. What a test file leaves open is found by the environment above, file by file; this
  // bound catches a worker that does not end at all.
  workerGracefulExitTimeout: 3000,
  // A guard against hangs only: no test depends on how fast the machine is.
  testTimeout: 30000
}
