/**
 * The live checklist of the open draft, linted in a worker so that typing never waits for it.
 * Its caller passes the text as of the last pause in typing (useTextAtPause): each text given
 * is checked at once. Answers arrive in order of requests, but a stale one (the text has
 * changed since) is dropped rather than shown for a moment.
 */
import { useEffect, useRef, useState } from 'react'
import type { LintInput, LintResult } from '../../../../shared/checklist'
import { type DraftForLint, draftLintInput } from '../../../../shared/checklist/draft-input'
import type { ReviewData } from '../../../../shared/review/view'
import type { ChecklistReply, ChecklistRequest } from './checklistProtocol'

interface ChecklistRunner {
  run(input: LintInput): void
  dispose(): void
}

function createRunner(apply: (result: LintResult) => void): ChecklistRunner {
  let seq = 0
  let disposed = false
  let lastInput: LintInput | null = null
  let worker: Worker | null = null

  // Loaded only when needed, so the linter stays out of the main bundle (the worker has its own).
  const runHere = (mine: number, input: LintInput) =>
    setTimeout(() => {
      void import('./checklistProtocol').then(({ runChecklist }) => {
        if (!disposed && mine === seq) apply(runChecklist(input))
      })
    }, 0)

  // jsdom (the component tests) has no Worker; there, and if the worker cannot start, the
  // checklist runs on the main thread after the current task, still debounced.
  if (typeof Worker !== 'undefined') {
    try {
      worker = new Worker(new URL('./checklist.worker.ts', import.meta.url), { type: 'module' })
      worker.addEventListener('message', (event: MessageEvent<ChecklistReply>) => {
        const { seq: answered, findings, summary, sections } = event.data
        if (!disposed && answered === seq) apply({ findings, summary, sections })
      })
      worker.addEventListener('error', () => {
        worker?.terminate()
        worker = null
        if (!disposed && lastInput) runHere(seq, lastInput)
      })
    } catch {
      worker = null
    }
  }

  return {
    run(input) {
      seq += 1
      lastInput = input
      if (worker) worker.postMessage({ seq, input } satisfies ChecklistRequest)
      else runHere(seq, input)
    },
    dispose() {
      disposed = true
      worker?.terminate()
      worker = null
    },
  }
}

/** `review`: the draft's team review, whose open threads and approval the checklist reports too. */
export function useChecklist(source: DraftForLint | null, review: ReviewData | null = null): LintResult | null {
  const [result, setResult] = useState<LintResult | null>(null)
  const runner = useRef<ChecklistRunner | null>(null)

  useEffect(() => {
    const created = createRunner(setResult)
    runner.current = created
    return () => {
      created.dispose()
      if (runner.current === created) runner.current = null
    }
  }, [])

  const pitch = source?.pitch
  const customFields = source?.customFields
  const grant = source?.grant
  const projectKind = source?.projectKind ?? null

  useEffect(() => {
    if (pitch === undefined || customFields === undefined || grant === undefined) return
    runner.current?.run(draftLintInput({ pitch, customFields, grant, projectKind }, review ? { review } : {}))
  }, [pitch, customFields, grant, projectKind, review])

  return result
}
