/**
 * Run in its own process by the packing benchmark, so that its peak RSS is the packing's own:
 * packs the folder given as the first argument and prints the figures as JSON.
 */
import { packSource } from '../src/operations/source-archive'

const dir = process.argv[2] ?? '.'
const rssBeforeKb = process.resourceUsage().maxRSS
const started = performance.now()
const archive = await packSource(dir)
const wallMs = performance.now() - started
console.log(
  JSON.stringify({
    wallMs,
    bytes: archive.bytes,
    files: archive.files.length,
    rssBeforeKb,
    maxRssKb: process.resourceUsage().maxRSS
  })
)
await archive.dispose()
