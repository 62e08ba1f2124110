/**
 * Runs the checklist off the main thread: on a long pitch, parsing and the rules take long
 * enough to make typing in the editor stutter. One worker serves one open draft, so it keeps
 * one incremental lint session (checklistProtocol.ts).
 */
import { type ChecklistReply, type ChecklistRequest, createChecklistRun } from './checklistProtocol'

// The renderer's tsconfig has the DOM library, not WebWorker: name just what is used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ChecklistRequest>) => void) | null
  postMessage(reply: ChecklistReply): void
}

const runChecklist = createChecklistRun()
/** The last result sent, as JSON: an equal one is not sent again (see ChecklistReply). */
let lastSent = ''

scope.onmessage = (event) => {
  const { seq, input } = event.data
  const start = performance.now()
  const result = runChecklist(input)
  const json = JSON.stringify(result)
  const ms = performance.now() - start
  if (json === lastSent) {
    scope.postMessage({ seq, ms, unchanged: true })
    return
  }
  lastSent = json
  scope.postMessage({ seq, ms, ...result })
}
