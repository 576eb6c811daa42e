import type { Config } from '@jest/types'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { makeSuiteTemp } from './suite-temp'

/** Where the set-up hands each test file action.yml, parsed (see ./action-yml.ts). */
export const ACTION_YML_ENV = 'DEPLOY_AGENT_ACTION_YML'

export default function globalSetup(globalConfig: Config.GlobalConfig): void {
  makeSuiteTemp()
  // Workers start after this, with this environment.
  const actionYml: unknown = parse(readFileSync(join(globalConfig.rootDir, 'action.yml'), 'utf8'))
  process.env[ACTION_YML_ENV] = JSON.stringify(actionYml)
}
