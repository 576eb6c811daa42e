/**
 * The last step of `npm run build`. `ncc build -m` minifies only dist/index.js; the chunks it
 * splits off for lazy `import()` (the GitHub client, tar, the YAML parser…) are minified here
 * with ncc's own terser options: mangled, not compressed, class and function names kept so that
 * stack traces stay readable. Issue 6 keeps the JavaScript in dist/ under 1.5 MB.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { minify } from 'terser'

const dist = fileURLToPath(new URL('../dist/', import.meta.url))
const chunks = readdirSync(dist).filter((file) => /^\d+\.index\.js$/.test(file))

for (const file of chunks) {
  const path = join(dist, file)
  const result = await minify(readFileSync(path, 'utf8'), {
    module: true,
    compress: false,
    mangle: { keep_classnames: true, keep_fnames: true }
  })
  if (result.code === undefined) throw new Error(`terser returned nothing for ${file}`)
  writeFileSync(path, result.code)
}
console.log(`Minified ${chunks.length} lazily loaded chunks of dist/.`)
