import { Marked, type Tokens } from 'marked'
import markedAlert from 'marked-alert'

/**
 * Markdown as GitHub draws it, near enough to judge a report by: GFM (tables, autolinks, strike,
 * task lists), GitHub's alert blocks, raw HTML such as <details> kept, and mermaid blocks left
 * for the mermaid library to draw in the page.
 */
export function renderGfm(markdown: string): string {
  const marked = new Marked({ gfm: true, breaks: false })
  marked.use(markedAlert())
  marked.use({
    renderer: {
      code(token: Tokens.Code) {
        if (token.lang === 'mermaid')
          return `<pre class="mermaid">${escapeHtml(token.text)}</pre>\n`
        return false
      }
    }
  })
  return marked.parse(markdown, { async: false })
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

/** GitHub's look in a few rules: its font, table borders, alert colours, a 1012 px column. */
const STYLE = `
body { font-family: -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif;
  font-size: 14px; line-height: 1.5; color: #1f2328; margin: 0; background: #f6f8fa; }
main { max-width: 980px; margin: 16px auto; }
section { background: #fff; border: 1px solid #d1d9e0; border-radius: 6px; padding: 16px 24px; margin-bottom: 24px; }
h1.flow { font-size: 16px; color: #59636e; border-bottom: 1px solid #d1d9e0; }
h2, h3 { border-bottom: 1px solid #d1d9e0; padding-bottom: .3em; }
table { border-collapse: collapse; display: block; max-width: 100%; overflow: auto; }
th, td { border: 1px solid #d1d9e0; padding: 6px 13px; }
th { font-weight: 600; }
tr:nth-child(2n) { background: #f6f8fa; }
code { background: rgba(129,139,152,.12); border-radius: 6px; padding: .2em .4em; font-size: 85%; }
pre { background: #f6f8fa; border-radius: 6px; padding: 16px; overflow: auto; font-size: 85%; }
pre code { background: none; padding: 0; }
pre.mermaid { background: #fff; }
.markdown-alert { padding: 8px 16px; margin-bottom: 16px; border-left: .25em solid #d1d9e0; }
.markdown-alert-caution { border-left-color: #cf222e; }
.markdown-alert-warning { border-left-color: #9a6700; }
.markdown-alert-note { border-left-color: #0969da; }
.markdown-alert-title { font-weight: 500; display: flex; gap: 8px; }
.markdown-alert-caution .markdown-alert-title { color: #d1242f; }
.markdown-alert-warning .markdown-alert-title { color: #9a6700; }
details summary { cursor: pointer; color: #0969da; }
a { color: #0969da; }
`

const DRAW_CHARTS = `
mermaid.initialize({ startOnLoad: false });
const draw = (root) => mermaid.run({ nodes: [...root.querySelectorAll('pre.mermaid:not([data-processed])')] });
document.querySelectorAll('details').forEach((d) => d.addEventListener('toggle', () => d.open && draw(d)));
if (location.hash === '#open') document.querySelectorAll('details').forEach((d) => (d.open = true));
draw(document);
`

/** One page: the flows' rendered summaries and comments, with mermaid drawn by its library. */
export function page(title: string, sections: { heading: string; html: string }[]): string {
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head><body><main>',
    ...sections.map(
      (section) =>
        `<section><h1 class="flow">${escapeHtml(section.heading)}</h1>\n${section.html}</section>`
    ),
    '</main>',
    '<script src="mermaid.min.js"></script>',
    // Mermaid cannot measure a chart inside a closed <details>: each is drawn when opened (all
    // are opened at once with #open in the address, for a screenshot).
    `<script>${DRAW_CHARTS}</script>`,
    '</body></html>'
  ].join('\n')
}
