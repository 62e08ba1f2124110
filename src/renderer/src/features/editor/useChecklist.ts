/**
 * The live checklist of the open draft, linted in a worker so that typing never waits for it.
 * It follows the text as of the last pause in typing, or of every keystroke while the checklist
 * is fast (useChecklist, below): each text given is checked, but only one at a time: a text
 * given while the worker is busy waits, replaced by any newer one, until the worker answers.
 * Answers arrive in order of requests, and a stale one (the text has changed since) is dropped
 * rather than shown for a moment.
 */
import { useEffect, useRef, useState } from 'react'
import { type LintInput, type LintResult, type DraftForLint, draftLintInput } from '../../../../shared/checklist'
import type { LinkCheck } from '../../../../shared/ipc'
import type { ReviewData } from '../../../../shared/review'
import { TrailingTimer } from '../../lib/trailingTimer'
import { TEXT_PAUSE_MS, currentText, onTextChange } from '../../state/editor/useTextAtPause'
import type { ChecklistReply, ChecklistRequest } from './checklistProtocol'

/**
 * A checklist that takes at most this long (one frame) is shown on every keystroke; a slower
 * one (a long pitch on a slow machine) waits for a pause in typing, as it always did.
 */
export const FAST_CHECKLIST_MS = 16

/**
 * While checks are fast, a keystroke is checked once no other key has come for this long: one
 * frame of a 60 Hz screen. A person's keys come 50 ms or more apart, so each is checked and its
 * findings show at most a frame later; keys that come faster than the screen can show them (a
 * held-down key, a burst) are checked once, after the burst, rather than each starting a check
 * in the worker while the next key is being handled.
 */
const FRAME_MS = 16

interface ChecklistRunner {
  run(input: LintInput): void
  dispose(): void
}

/** `apply`: a new result and how long it took; `timed`: a result equal to the last one applied, and how long it took. */
function createRunner(apply: (result: LintResult, ms: number) => void, timed: (ms: number) => void): ChecklistRunner {
  let seq = 0
  let disposed = false
  let lastInput: LintInput | null = null
  let worker: Worker | null = null
  /** A request is with the worker; `waiting` is the newest text given since, sent on its answer. */
  let busy = false
  let waiting: ChecklistRequest | null = null
  let runHereWith: ((input: LintInput) => LintResult) | null = null
  /** The last full result the worker sent, and the last one shown. */
  let received: LintResult | null = null
  let applied: LintResult | null = null

  // Loaded only when needed, so the linter stays out of the main bundle (the worker has its own).
  const runHere = (mine: number, input: LintInput) =>
    setTimeout(() => {
      void import('./checklistProtocol').then(({ createChecklistRun }) => {
        if (disposed || mine !== seq) return
        runHereWith ??= createChecklistRun()
        const start = performance.now()
        const result = runHereWith(input)
        apply(result, performance.now() - start)
      })
    }, 0)

  const send = (request: ChecklistRequest) => {
    busy = true
    worker!.postMessage(request)
  }

  // jsdom (the component tests) has no Worker; there, and if the worker cannot start, the
  // checklist runs on the main thread after the current task, still debounced.
  if (typeof Worker !== 'undefined') {
    try {
      worker = new Worker(new URL('./checklist.worker.ts', import.meta.url), { type: 'module' })
      worker.addEventListener('message', (event: MessageEvent<ChecklistReply>) => {
        const reply = event.data
        busy = false
        if (waiting && worker) {
          send(waiting)
          waiting = null
        }
        if (disposed) return
        if (!reply.unchanged) received = { findings: reply.findings, summary: reply.summary, sections: reply.sections, score: reply.score }
        if (reply.seq !== seq) return
        // "Unchanged" is against the last result the worker sent, which may have been a stale
        // one this side dropped: that one is then the answer, and shown now.
        if (received && received !== applied) {
          applied = received
          apply(received, reply.ms)
        } else timed(reply.ms)
      })
      worker.addEventListener('error', () => {
        worker?.terminate()
        worker = null
        busy = false
        waiting = null
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
      if (!worker) runHere(seq, input)
      else if (busy) waiting = { seq, input }
      else send({ seq, input })
    },
    dispose() {
      disposed = true
      worker?.terminate()
      worker = null
    },
  }
}

/** What the checklist of the open draft is run against, besides its text. */
export interface ChecklistContext {
  grant: DraftForLint['grant']
  projectKind: DraftForLint['projectKind']
}

/**
 * The checklist of the open draft: its text is read from the editor's store, `context` and
 * `review` (the draft's team review, whose open threads and approval the checklist reports too)
 * and `links` (what the last link check of this draft found, if one was asked) from the caller; null context: no draft, no checklist.
 *
 * The text is followed outside React: while checks are fast (FAST_CHECKLIST_MS), each
 * keystroke is checked a frame after it (FRAME_MS); otherwise at each pause in typing
 * (TEXT_PAUSE_MS). A keystroke renders nothing here; only a changed result does (following it
 * through React state was two renders per key).
 */
export function useChecklist(context: ChecklistContext | null, review: ReviewData | null = null, links: LinkCheck | null = null): LintResult | null {
  const [result, setResult] = useState<LintResult | null>(null)
  const runner = useRef<ChecklistRunner | null>(null)
  /** The last check took at most FAST_CHECKLIST_MS. */
  const fast = useRef(false)

  useEffect(() => {
    const learn = (ms: number) => {
      fast.current = ms <= FAST_CHECKLIST_MS
    }
    const created = createRunner((answer, ms) => {
      learn(ms)
      setResult(answer)
    }, learn)
    runner.current = created
    return () => {
      created.dispose()
      if (runner.current === created) runner.current = null
    }
  }, [])

  const grant = context?.grant
  const projectKind = context?.projectKind ?? null

  useEffect(() => {
    if (grant === undefined) return
    const check = () => {
      pause.cancel()
      frame.cancel()
      const { pitch, customFields } = currentText()
      const input = draftLintInput({ pitch, customFields, grant, projectKind }, review ? { review } : {})
      // What "Check links" found: dead links are findings, and count for no evidence.
      runner.current?.run(links ? { ...input, links } : input)
    }
    const pause = new TrailingTimer(TEXT_PAUSE_MS, check)
    const frame = new TrailingTimer(FRAME_MS, check)
    const stop = onTextChange(() => (fast.current ? frame : pause).touch())
    check()
    return () => {
      stop()
      pause.cancel()
      frame.cancel()
    }
  }, [grant, projectKind, review, links])

  return result
}
