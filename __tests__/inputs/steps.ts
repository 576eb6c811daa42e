/** The steps the input tests parse, and how they read a refusal. */
import { expect } from '@jest/globals'
import { InputError } from '../../src/inputs/parse'
import type { RawInputs } from '../../src/inputs/contract'
import { parseServiceInputs } from '../helpers/service-config'
import { rawInputs } from '../helpers/action-yml'

export const INTEGRATION = '123e4567-e89b-42d3-a456-426614174000'
export const LISTENER = '9d2f4c1e-6a55-4f0b-8e4c-0a3d2b1c7e11'
export const branchEnv = {
  GITHUB_REF: 'refs/heads/main',
  GITHUB_EVENT_NAME: 'push',
  GITHUB_SERVER_URL: 'https://github.com',
  GITHUB_REPOSITORY: 'acme/support-agent'
}

export const gitHost = (given: Partial<RawInputs> = {}) =>
  rawInputs({
    'api-url': 'https://control.example.com/',
    'api-key': 'key-123',
    name: 'support-agent',
    'integration-id': INTEGRATION,
    'graph-config-path': 'graph.json',
    ...given
  })

export const image = (given: Partial<RawInputs> = {}) =>
  rawInputs({
    'api-url': 'https://control.example.com',
    'api-key': 'key-123',
    name: 'image-agent',
    source: 'external_image',
    'image-uri': 'registry.example.com/agent:1.2.3',
    ...given
  })

/** The problems of inputs that must be refused, as `input: message` lines. */
export async function problemsOf(
  raw: RawInputs,
  env: Record<string, string> = branchEnv
): Promise<string[]> {
  try {
    await parseServiceInputs(raw, env)
  } catch (error) {
    expect(error).toBeInstanceOf(InputError)
    return (error as InputError).problems.map((p) => `${p.input}: ${p.message}`)
  }
  throw new Error('the inputs were accepted')
}

export function inputsOf(problems: string[]): string[] {
  return problems.map((line) => line.split(':')[0] ?? '')
}
