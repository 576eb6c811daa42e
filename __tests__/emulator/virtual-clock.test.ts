import { afterEach, describe, expect, it } from '@jest/globals'
import { VirtualClock } from '../../emulator/virtual-clock'

/** The tests' clock: time moves only when everything waits, and parallel sleeps overlap. */
const clocks: VirtualClock[] = []
afterEach(() => clocks.splice(0).forEach((clock) => clock.close()))
function newClock(): VirtualClock {
  const clock = new VirtualClock({ start: 1_000_000 })
  clocks.push(clock)
  return clock
}

describe('VirtualClock', () => {
  it('moves by itself to each sleep’s end, in order', async () => {
    const clock = newClock()
    const seen: [string, number][] = []
    await Promise.all([
      clock.sleep(5_000).then(() => seen.push(['5 s', clock.now()])),
      clock.sleep(2_000).then(() => seen.push(['2 s', clock.now()])),
      clock.sleep(60_000).then(() => seen.push(['60 s', clock.now()]))
    ])
    expect(seen).toEqual([
      ['2 s', 1_002_000],
      ['5 s', 1_005_000],
      ['60 s', 1_060_000]
    ])
  })

  it('overlaps parallel sleeps: two loops of 3 × 1 s together take 3 s', async () => {
    const clock = newClock()
    const loop = async () => {
      for (let i = 0; i < 3; i++) await clock.sleep(1_000)
    }
    await Promise.all([loop(), loop()])
    expect(clock.now()).toBe(1_003_000)
  })

  it('stops a sleep whose signal aborts, with the signal’s reason, and time does not reach it', async () => {
    const clock = newClock()
    const controller = new AbortController()
    const aborted = clock.sleep(10_000, controller.signal)
    controller.abort(new Error('cancelled'))
    await expect(aborted).rejects.toThrow('cancelled')
    expect(clock.pending()).toBe(0)
    await clock.sleep(1)
    expect(clock.now()).toBe(1_000_001)
  })

  it('moves while a request is in flight, so a request that never ends meets its timeout', async () => {
    const clock = newClock()
    const never = new Promise<never>(() => undefined)
    const tracked = clock.track(never)
    const timedOut = await Promise.race([tracked, clock.sleep(30_000).then(() => 'timeout')])
    expect(timedOut).toBe('timeout')
    expect(clock.now()).toBe(1_030_000)
  })

  it('moves after the short quiet moment while the request in flight is held by its server', async () => {
    // The long quiet moment (for a request in flight) is an hour here: a test that waited it
    // would not end.
    const clock = new VirtualClock({ start: 1_000_000, busyQuietMs: 3_600_000 })
    clocks.push(clock)
    const end = clock.begin()
    await clock.hold(2_000)
    expect(clock.now()).toBe(1_002_000)
    // Held no more, the request works again: the clock waits the long moment for it.
    let fired = false
    const after = clock.sleep(1_000).then(() => (fired = true))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(fired).toBe(false)
    end()
    await after
    expect(clock.now()).toBe(1_003_000)
  }, 10_000)

  it('stands still while nothing sleeps, and advance() moves it by hand', () => {
    const clock = newClock()
    let fired = false
    void clock.sleep(500).then(() => (fired = true))
    clock.advance(499)
    expect(clock.now()).toBe(1_000_499)
    clock.advance(1)
    expect(clock.now()).toBe(1_000_500)
    return Promise.resolve().then(() => expect(fired).toBe(true))
  })
})
