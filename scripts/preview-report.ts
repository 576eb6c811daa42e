import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runFlows } from './preview-report/flows'
import { escapeHtml, page, renderGfm } from './preview-report/html'

/**
 * `npm run preview-report`: runs the action (in this process, on a virtual clock) through every
 * emulator flow people meet and writes each flow's job summary and PR comment as GitHub would draw them, to
 * HTML pages under the OS temp folder, whose path it prints. Open `index.html#open` to see every
 * collapsed block at once.
 */
async function main() {
  const out = mkdtempSync(join(tmpdir(), 'preview-report-html-'))
  const require = createRequire(import.meta.url)
  copyFileSync(require.resolve('mermaid/dist/mermaid.min.js'), join(out, 'mermaid.min.js'))
  const flows = await runFlows()
  for (const flow of flows) {
    const sections = [
      { heading: `Job summary (exit ${flow.code})`, html: renderGfm(flow.summary) },
      ...(flow.building
        ? [{ heading: 'PR comment while building', html: renderGfm(flow.building) }]
        : []),
      ...(flow.comment ? [{ heading: 'PR comment', html: renderGfm(flow.comment) }] : []),
      ...(flow.annotations && flow.annotations.length > 0
        ? [
            {
              heading: 'Annotations, as GitHub keeps them (10 of each kind at the most)',
              html: `<ul>${flow.annotations.map((each) => `<li><code>${escapeHtml(each)}</code></li>`).join('')}</ul>`
            }
          ]
        : [])
    ]
    writeFileSync(join(out, `${flow.id}.html`), page(flow.title, sections))
    writeFileSync(join(out, `${flow.id}.summary.md`), flow.summary)
    if (flow.comment) writeFileSync(join(out, `${flow.id}.comment.md`), flow.comment)
    if (flow.building) writeFileSync(join(out, `${flow.id}.building.md`), flow.building)
  }
  writeFileSync(
    join(out, 'index.html'),
    page(
      'Report preview',
      flows.map((flow) => ({
        heading: flow.title,
        html: `<p><a href="${flow.id}.html">${flow.id}.html</a></p>`
      }))
    )
  )
  console.log(out)
}

await main()
