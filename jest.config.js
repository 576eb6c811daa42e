/** @type {import('jest').Config} */
export default {
  preset: 'ts-jest/presets/default-esm',
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }]
  },
  // The suite mostly waits on its servers and child processes (about a quarter of its wall time
  // is CPU), so three workers beat jest's default of one on a 2-core machine, busy or not.
  maxWorkers: 3,
  // A guard against hangs only: no test depends on how fast the machine is.
  testTimeout: 30000
}
