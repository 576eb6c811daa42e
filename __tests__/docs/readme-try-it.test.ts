/**
 * What the README must tell a workflow author before anything else: the two commands that try
 * the action from a clone, in a short section right after the quick start; a picture of the job
 * summary and of the pull-request comment (made by `npm run preview-report`, kept small); and a
 * first step that asks only for what a first deploy needs.
 */
import { describe, expect, it } from '@jest/globals'
import { existsSync, statSync } from 'node:fs'
import { parseMarkdown, README } from '../helpers/readme'

const ROOT = new URL('../../', import.meta.url)
/** A picture in the README at the most: it loads with the page. */
const MOST_PICTURE_BYTES = 150 * 1024

/** The text of the level-2 section `title`, up to the next one. */
const section = (title: string) => README.split(`\n## ${title}\n`)[1]?.split('\n## ')[0] ?? ''

describe('the README, for someone trying the action', () => {
  it('gives the two commands in a short section right after the quick start', () => {
    const { headings } = parseMarkdown(README)
    const titles = headings.filter((heading) => heading.level === 2).map((h) => h.text)
    const after = titles[titles.indexOf('Quick start') + 1] ?? ''
    const text = section(after)
    expect(text).toContain('npm ci && npm run demo')
    expect(text).toContain('npm ci && npm test')
    expect(text.split('\n').length).toBeLessThan(25)
  })

  it('shows a small picture of the job summary and one of the PR comment', () => {
    const pictures = [...README.matchAll(/<img src="([^"]+)" alt="([^"]+)"/g)].map((match) => ({
      path: match[1] ?? '',
      alt: match[2] ?? ''
    }))
    expect(pictures.map((picture) => picture.path)).toEqual([
      'docs/summary.png',
      'docs/comment.png'
    ])
    for (const { path, alt } of pictures) {
      const file = new URL(path, ROOT)
      expect([path, existsSync(file)]).toEqual([path, true])
      expect(statSync(file).size).toBeLessThan(MOST_PICTURE_BYTES)
      expect(alt.length).toBeGreaterThan(20)
    }
  })

  it("asks in the quick start's first step only for what a first deploy needs", () => {
    const first = section('Quick start').split('**2.')[0] ?? ''
    expect(first).toContain('`CONTROL_PLANE_KEY`')
    expect(first).toContain('`CONTROL_PLANE_URL`')
    for (const later of ['LISTENER_ID', 'TRACING_URL']) expect(first).not.toContain(later)
  })
})
