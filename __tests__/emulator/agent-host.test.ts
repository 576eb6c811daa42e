import { afterEach, describe, expect, it } from '@jest/globals'
import {
  startAgentServer,
  startControlPlane,
  type AgentServerEmulator,
  type AgentServerOptions,
  type ControlPlaneEmulator
} from '../../emulator'
import { WRONG_REPLY } from '../../emulator/agent-server'
import { call, fakeClock, KEY } from './client'

const clock = fakeClock()
let cp: ControlPlaneEmulator | undefined
let agent: AgentServerEmulator | undefined
afterEach(async () => {
  await Promise.all([cp?.close(), agent?.close()])
  cp = undefined
  agent = undefined
})

/** A control plane with deployment 'agent' (revision 1 DEPLOYED) and an agent server serving it. */
async function start(options: Omit<AgentServerOptions, 'host'> = {}) {
  const controlPlane = await startControlPlane({ stepMs: 1000, now: clock.now })
  cp = controlPlane
  const seeded = controlPlane.seedDeployment({ name: 'agent' })
  const server = await startAgentServer({ ...options, host: () => controlPlane.serving('agent') })
  agent = server
  return {
    cp: controlPlane,
    agent: server,
    id: seeded.id,
    first: String(seeded.latest_revision_id)
  }
}

const headers = { 'x-api-key': KEY, 'content-type': 'application/json' }
const info = async (server: AgentServerEmulator) =>
  (await (await fetch(`${server.url}/info`)).json()) as { host?: Record<string, unknown> }
const assistant = async (server: AgentServerEmulator) =>
  (await fetch(`${server.url}/assistants/agent`, { headers })).status
const run = async (server: AgentServerEmulator) => {
  const response = await fetch(`${server.url}/runs/wait`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      assistant_id: 'agent',
      input: { messages: [{ role: 'human', content: 'hi' }] }
    })
  })
  if (response.status !== 200) return response.status
  const body = JSON.parse(await response.text()) as { messages: { content: string }[] }
  return body.messages.at(-1)?.content
}

/** Patches the deployment and lets the new revision reach DEPLOYED; returns its id. */
async function rollOut(controlPlane: ControlPlaneEmulator, id: string): Promise<string> {
  const patched = await call(controlPlane, 'PATCH', `/v2/deployments/${id}`, { secrets: [] })
  clock.advance(6000)
  return String(patched.body?.latest_revision_id)
}

describe('agent server emulator: /info and the serving revision', () => {
  it('answers /info without a key and without host when it runs as no revision', async () => {
    agent = await startAgentServer()
    const body = await info(agent)
    expect(body).toMatchObject({ version: expect.any(String), flags: { assistants: true } })
    expect(body).not.toHaveProperty('host')
  })

  it('names the active revision as host.host_revision_id, following a roll-out', async () => {
    const started = await start()
    expect((await info(started.agent)).host).toEqual({
      kind: 'emulator',
      project_id: started.id,
      host_revision_id: started.first,
      revision_id: expect.not.stringMatching(started.first),
      tenant_id: started.cp.deployments()[0]?.tenant_id
    })
    const second = await rollOut(started.cp, started.id)
    expect((await info(started.agent)).host?.host_revision_id).toBe(second)
  })

  it("leaves host out with infoHost 'absent'", async () => {
    const started = await start({ infoHost: 'absent' })
    expect(await info(started.agent)).not.toHaveProperty('host')
  })

  it("names the revision that served before with infoHost 'stale', for staleInfoReads reads", async () => {
    const started = await start({ infoHost: 'stale', staleInfoReads: 2 })
    expect((await info(started.agent)).host?.host_revision_id).toBeNull()
    const second = await rollOut(started.cp, started.id)
    expect((await info(started.agent)).host?.host_revision_id).toBe(started.first)
    expect((await info(started.agent)).host?.host_revision_id).toBe(second)
  })
})

describe('agent server emulator: a broken revision', () => {
  it('answers as the active revision: broken after a bad roll-out, well after a redeploy', async () => {
    const started = await start()
    expect([await assistant(started.agent), await run(started.agent)]).toEqual([200, 'echo: hi'])
    started.cp.setAgent('run-error')
    const broken = await rollOut(started.cp, started.id)
    expect(started.cp.serving('agent')?.revisionId).toBe(broken)
    expect([await assistant(started.agent), await run(started.agent)]).toEqual([200, 500])
    const a2a = await fetch(`${started.agent.url}/a2a/agent`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', id: '1', method: 'message/send', params: {} })
    })
    expect(a2a.status).toBe(500)
    await call(
      started.cp,
      'POST',
      `/v2/deployments/${started.id}/revisions/${started.first}/redeploy`
    )
    clock.advance(6000)
    expect([await assistant(started.agent), await run(started.agent)]).toEqual([200, 'echo: hi'])
  })

  it("answers 500 to /assistants for 'assistant-error' and the wrong reply for 'wrong-reply'", async () => {
    const started = await start()
    started.cp.setRevisionAgent(started.first, 'assistant-error')
    expect(await assistant(started.agent)).toBe(500)
    started.cp.setRevisionAgent(started.first, 'wrong-reply')
    expect([await assistant(started.agent), await run(started.agent)]).toEqual([200, WRONG_REPLY])
    const sent = (await (
      await fetch(`${started.agent.url}/a2a/agent`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: '1',
          method: 'message/send',
          params: { message: { role: 'user', parts: [{ kind: 'text', text: 'hi' }] } }
        })
      })
    ).json()) as { result: { artifacts: { parts: { text: string }[] }[] } }
    expect(sent.result.artifacts[0]?.parts[0]?.text).toBe(WRONG_REPLY)
  })
})
