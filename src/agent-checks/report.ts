import type { PayloadView, StepRender } from '../report-kit/render'

/** A reply in the summary, under its label; a brought-back revision's is not shown. */
const reply =
  (label: string) =>
  (text: string, view: PayloadView): string[] =>
    view.afterRollback ? [] : [`### ${label}`, '', view.md.fence([text]), '']

export const assistantRender: StepRender<undefined, never> = { words: 'default assistant lookup' }

export const runRender: StepRender<string, never> = {
  words: 'reply to a test message',
  summary: reply('The agent replied')
}

export const a2aRender: StepRender<string, never> = {
  words: 'reply over A2A',
  summary: reply('The agent replied over A2A')
}
