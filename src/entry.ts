/**
 * What dist/index.js runs first. Stack traces name the lines of src/: Node maps them through the
 * source maps beside each file of dist/, for the files loaded after it is told to (the action's
 * code is in chunks loaded below, not in this file). ncc's source-map-support (41 kB that every
 * run loaded) is not shipped.
 */
import { setSourceMapsSupport } from 'node:module'

setSourceMapsSupport(true, { nodeModules: true })
await import('./index')
