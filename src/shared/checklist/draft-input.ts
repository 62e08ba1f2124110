/**
 * The checklist's input for a draft as the app holds it (the contract's `Draft`): one mapping,
 * used by the editor's live panel, the submit confirmation and the core's check before
 * sending, so all three judge the same thing.
 */
import type { Draft } from '../ipc'
import type { ReviewData } from '../review'
import type { LintInput } from './types'

export type DraftForLint = Pick<Draft, 'pitch' | 'customFields' | 'grant' | 'projectKind'>

export interface DraftLintOptions {
  now?: number
  schema?: Draft['grant']['applicationSchema']
  /** The draft's review; without it the review rules stay silent (see LintInput.review). */
  review?: ReviewData | undefined
  /** The grant's template (`template_md`) when known: parts it never asks for are noted, not warned. */
  template?: string | undefined
}

export function draftLintInput(draft: DraftForLint, options: DraftLintOptions = {}): LintInput {
  return {
    pitch: draft.pitch,
    fields: draft.customFields,
    // The core passes the grant's current schema; the app has the snapshot in the draft.
    schema: options.schema !== undefined ? options.schema : draft.grant.applicationSchema,
    grant: {
      title: draft.grant.title,
      reward: draft.grant.reward,
      deadline: draft.grant.deadline,
      type: draft.grant.type ?? undefined,
      ...(options.template !== undefined ? { template: options.template } : {}),
    },
    projectKind: draft.projectKind ?? undefined,
    now: options.now ?? Date.now(),
    ...(options.review !== undefined ? { review: options.review } : {}),
  }
}
