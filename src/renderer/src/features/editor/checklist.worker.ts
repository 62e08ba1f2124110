/**
 * Runs the checklist off the main thread: on a long pitch, parsing and the rules take long
 * enough to make typing in the editor stutter.
 */
import { type ChecklistReply, type ChecklistRequest, runChecklist } from './checklistProtocol'

// The renderer's tsconfig has the DOM library, not WebWorker: name just what is used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ChecklistRequest>) => void) | null
  postMessage(reply: ChecklistReply): void
}

scope.onmessage = (event) => {
  const { seq, input } = event.data
  scope.postMessage({ seq, ...runChecklist(input) })
}
