/**
 * The saved grant list (`grants.list` with `saved`), answered by the browser host's main thread
 * from the core's cache folder while the core's thread is still loading (core-thread.ts): the
 * page shows it at start while its live list loads (src/renderer/src/state/grants/grants.ts).
 * Asked of the core, it waited for the core's code to load and then behind the live list's first
 * fetch on the core's one thread, and came 40 ms before the live list at best (issue 34).
 *
 * The answer is the core's own: the contract's check of the input, the entry checked against the
 * list's schema as it is read (`savedGrantList` of src/main/core/saved-grant-list.ts), the same `not_found` when none is
 * saved. It only reads: a damaged entry is treated as missing and left for the core to set
 * aside. Whatever it does not answer (an input the contract refuses) goes to the core.
 */
import { join } from 'node:path'
import { GrantList } from '../shared/api/grant-list'
import type { GrantsListOutput, IpcResult } from '../shared/ipc'
import { GrantsListInput } from '../shared/ipc/grants-input'
import { peekEntry } from '../main/core/cache-entry'
import { AppFailure } from '../main/core/errors'
import { savedGrantList } from '../main/core/saved-grant-list'

/** Answers `grants.list` inputs that ask for the saved copy, from `dataDir`'s cache; null for anything the core should answer. */
export function savedListReader(dataDir: string): (input: unknown) => Promise<IpcResult<GrantsListOutput> | null> {
  const cacheDir = join(dataDir, 'cache')
  return async (input) => {
    const parsed = GrantsListInput.safeParse(input)
    if (!parsed.success || parsed.data?.saved !== true) return null
    try {
      // The entry is checked against the list's schema as it is read: the answer is the contract's output.
      return { ok: true, value: await savedGrantList(parsed.data, (key) => peekEntry(cacheDir, key, GrantList)) }
    } catch (error) {
      if (error instanceof AppFailure) return { ok: false, error: error.toAppError() }
      // Not one of the answers above (a bug): the core answers, and says what to do.
      return null
    }
  }
}
