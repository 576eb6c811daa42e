import { describe, expect, it } from '@jest/globals'
import { formatDuration } from '../../src/lib/duration'

/** The one formatter of durations people read: one style, fine below ten seconds when asked. */
describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [1_499, '1s'],
    [13_000, '13s'],
    [60_000, '1m 00s'],
    [3_780_000, '1h 03m'],
    [90_000_000, '1d 01h']
  ])('writes %p ms as %p', (ms, text) => {
    expect(formatDuration(ms)).toBe(text)
  })

  it.each([
    [0, '0ms'],
    [4.4, '4ms'],
    [300, '300ms'],
    [1_000, '1s'],
    [1_250, '1.25s'],
    [9_994, '9.99s'],
    [13_000, '13s'],
    [-5, '0ms']
  ])('writes %p ms finely as %p', (ms, text) => {
    expect(formatDuration(ms, 'fine')).toBe(text)
  })
})
