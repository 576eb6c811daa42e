/**
 * The agent checks against a server that never answers, or answers too much: each ends by the
 * deadline or the cap.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { checkAgent } from '../../src/agent-checks/checks'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'
import { closeClocks, failure, options, sleepingClock } from './check-options'

jest.setTimeout(REAL_WORK_TEST_MS)
afterAll(closeClocks)

describe('agent checks against a server that misbehaves', () => {
  let server: Server
  let url = ''
  const requests: string[] = []
  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`)
      req.resume()
      if (req.url === '/assistants/silent' || req.url === '/runs/wait') return
      if (req.url === '/assistants/huge') {
        res.writeHead(200, { 'content-type': 'application/json' })
        // 5 MB: over the cap of an agent's answer.
        return res.end(`{"assistant_id":"huge","padding":"${' '.repeat(5 * 1024 * 1024)}"}`)
      }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{"assistant_id":"agent"}')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it('waits for an assistant that never answers no longer than the deadline', async () => {
    requests.length = 0
    const error = await failure(
      checkAgent(options(url, { assistantId: 'silent', ...sleepingClock(800) }))
    )
    expect(error.message).toBe(
      'Agent check "assistant" failed: /assistants/silent got no answer: no answer within 800ms'
    )
    expect(requests).toEqual(['GET /assistants/silent'])
  })

  it('waits for a run that never answers no longer than the deadline', async () => {
    requests.length = 0
    // On the virtual clock the assistant's answer costs no time, however long a busy machine
    // takes to give it; the run that never answers is cut by the deadline's timer.
    const error = await failure(checkAgent(options(url, { message: 'hi', ...sleepingClock(700) })))
    expect(error).toMatchObject({ check: 'run', status: undefined, passed: ['assistant'] })
    expect(error.message).toBe(
      'Agent check "run" failed: /runs/wait got no answer: no answer in time'
    )
  })

  it('sends nothing once the deadline has passed', async () => {
    requests.length = 0
    const error = await failure(checkAgent(options(url, { ...sleepingClock(0) })))
    expect(error.check).toBe('assistant')
    expect(requests).toEqual([])
  })

  it('refuses an answer over the cap once, without waiting out the deadline', async () => {
    requests.length = 0
    const error = await failure(
      checkAgent(options(url, { assistantId: 'huge', ...sleepingClock(60_000) }))
    )
    expect(error).toMatchObject({ check: 'assistant', status: 200 })
    expect(error.message).toContain('a body over 4.0 MB')
    expect(requests).toEqual(['GET /assistants/huge'])
  })
})
