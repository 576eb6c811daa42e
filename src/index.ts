import { run } from './main'
import { createRealWorld } from './real-world'

const world = createRealWorld()
try {
  await run(world)
} finally {
  await world.close()
}
