import { parseInputs, type Config } from '../../src/inputs/parse'

/**
 * The inputs parsed as run() parses them, for a step whose operation reaches the services: its
 * Config (operation validate's config is no Config, and is refused here as a test's mistake).
 */
export async function parseServiceInputs(...args: Parameters<typeof parseInputs>): Promise<Config> {
  const config = await parseInputs(...args)
  if (config.operation === 'validate')
    throw new Error('operation validate reaches no service: it has no Config (see parseInputs).')
  return config
}
