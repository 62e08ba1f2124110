/**
 * The review folder's real-core harness (../review/harness), with what the history and export
 * tests add: the app core's data folder (where `<dataDir>/history` keeps the versions), and a
 * save made the way the applicant makes one (Ctrl+S: `explicit`, so it keeps its own version).
 */
import { act } from '@testing-library/react'
import { useEditor } from '../../../../src/renderer/src/state/editor'
import type { Harness } from '../review/harness'

/** The data folder of the harness's app core (test/support/core.ts gives it; the harness's typing leaves it out). */
export function dataDirOf(harness: Harness): string {
  return (harness.app as unknown as { dataDir: string }).dataDir
}

/** Types `pitch` (and `fields`) in the editor and saves them as the applicant's own save (a separate version). */
export async function saveVersion(pitch: string, fields: Record<string, string> = {}): Promise<void> {
  await act(async () => {
    useEditor.getState().setPitch(pitch)
    for (const [name, value] of Object.entries(fields)) useEditor.getState().setField(name, value)
    const ok = await useEditor.getState().saveNow({ explicit: true })
    if (!ok) throw new Error('The save did not go through')
  })
}

export { startHarness, until, type Harness } from '../review/harness'

const NODE_FS = 'node:fs'

/**
 * Makes the history folder unusable the way a user can: a FILE where `<dataDir>/history`
 * should be a folder (src/main/core/core.ts roots the history there). node:fs is not in the
 * page's typings, so it is loaded by a path the type checker does not follow.
 */
export async function blockHistoryFolder(harness: Harness): Promise<string> {
  const fs = (await import(/* @vite-ignore */ NODE_FS)) as {
    rmSync(path: string, options: { recursive: true; force: true }): void
    writeFileSync(path: string, text: string): void
  }
  const path = `${dataDirOf(harness)}/history`
  fs.rmSync(path, { recursive: true, force: true })
  fs.writeFileSync(path, 'not a folder\n')
  return path
}
