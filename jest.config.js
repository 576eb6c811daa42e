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
  // A test file spends much of its time waiting (on the real agent server, on child runs of the
  // bundle, on the virtual clock's quiet moments), so more workers than cores keep both cores
  // busy: on two otherwise idle cores the suite took 69 s with three workers (25 s of the cores'
  // time idle), 57 to 58 s with four (10 s idle) and 54.5 s with five (4 s idle), for 102 to 105 s
  // of CPU (the machine's, children included) each time; jest's default on two cores is one.
  maxWorkers: 5,
  // Under --experimental-vm-modules each test file's modules stay in its worker (10 to 100 MB a
  // file). A new worker costs about half a second of CPU (jest, ts-jest and TypeScript loaded
  // again): recycled past 150 MB, a worker was replaced about every fifth file (some 15 s of the
  // suite's CPU); past 600 MB, three times a run with four workers (a new worker also starts with
  // no code cache, see the environment), and past 1200 MB never, for the same CPU within a second.
  // A big worker is slower to give its memory back at the end (a 400 MB one took most of a
  // second), which the bound below allows for.
  workerIdleMemoryLimit: '600MB',
  // A worker of 150 to 250 MB took 0.4 to 0.75 s to exit here, past jest's default of
  // 0.5 s. What a test file leaves open is found by the environment above, file by file; this
  // bound catches a worker that does not end at all.
  workerGracefulExitTimeout: 3000,
  // A guard against hangs only: no test depends on how fast the machine is.
  testTimeout: 30000
}
