/**
 * What the app asks for first as it opens on the grant list (src/renderer/src/state/grants: open
 * grants of every type): the copy of that list saved at its last live answer. Zod-free, for the
 * browser host's bridge (src/preload/browser.ts), which asks for it as the page loads.
 */
import type { GrantsListInput } from './grants-input'

export const SAVED_LIST_AT_START = { status: 'open', saved: true } as const satisfies GrantsListInput

/** Whether `input` asks what SAVED_LIST_AT_START asks (the same keys and values; any order). */
export function asksSavedListAtStart(input: unknown): boolean {
  if (typeof input !== 'object' || input === null) return false
  const entries = Object.entries(input as Record<string, unknown>)
  const wanted: Record<string, unknown> = SAVED_LIST_AT_START
  return entries.length === Object.keys(wanted).length && entries.every(([key, value]) => Object.hasOwn(wanted, key) && wanted[key] === value)
}
