/**
 * The bound of a test that waits on real work in other processes (a child run of the bundle, the
 * real agent server, git, actionlint), whose time a busy machine stretches: far above what it
 * takes, to catch a hang, never to measure speed. Set per file with `jest.setTimeout`.
 */
export const REAL_WORK_TEST_MS = 180_000
