import { describe, expect, it } from '@jest/globals'
import { controlPlanePaths } from '../../src/control-plane/client'
import { ServiceIdError } from '../../src/control-plane/errors'

const ID = '123e4567-e89b-42d3-a456-426614174000'

describe('controlPlanePaths', () => {
  it('puts a UUID into a path as it is', () => {
    expect(controlPlanePaths.revision(ID, ID)).toBe(`/v2/deployments/${ID}/revisions/${ID}`)
  })

  it.each(['../admin', `${ID}/../x`, '$(id)', 'dep-1', '', `${ID}\n`])(
    'refuses %j, naming it, rather than put it into a path',
    (id) => {
      expect(() => controlPlanePaths.deployment(id)).toThrow(ServiceIdError)
      expect(() => controlPlanePaths.redeploy(ID, id)).toThrow(/where a UUID belongs/)
    }
  )
})
