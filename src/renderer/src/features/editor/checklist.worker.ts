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

scope.onmessage = (event) => {
  const { seq, input } = event.data
  const start = performance.now()
  const result = runChecklist(input)
  scope.postMessage({ seq, ...result, ms: performance.now() - start })
}
