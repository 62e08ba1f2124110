/**
 * `grant-desk lint --check-links`: the links of every file's pitch and fields, asked once
 * across all the files (so the bounds of main/core/links hold for the whole run) and kept for a
 * day in the cache folder. Loaded only with the flag: without it, nothing is asked.
 */
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { type LintInput, linksToCheck } from '../../shared/checklist'
import type { LinkCheck } from '../../shared/ipc'
import { LinkChecker } from '../../main/core/public/links'

/**
 * Where the answers are kept: GRANT_DESK_DATA (the browser host's data folder) when set, else
 * the user's cache folder (XDG_CACHE_HOME or ~/.cache on Linux, ~/Library/Caches on macOS,
 * %LOCALAPPDATA% on Windows), in grant-desk/.
 */
export function linkCacheDir(env: Record<string, string | undefined>, platform: NodeJS.Platform = process.platform): string {
  if (env['GRANT_DESK_DATA']) return resolve(env['GRANT_DESK_DATA'])
  if (platform === 'win32') return join(env['LOCALAPPDATA'] ?? join(homedir(), 'AppData', 'Local'), 'grant-desk', 'Cache')
  if (platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'grant-desk')
  return join(env['XDG_CACHE_HOME'] || join(homedir(), '.cache'), 'grant-desk')
}

/** Asks the links of the given lint inputs; one check, its results shared by every file. */
export async function checkLinksOf(inputs: readonly LintInput[], env: Record<string, string | undefined>): Promise<LinkCheck> {
  const urls = inputs.flatMap((input) => linksToCheck(input.pitch, input.fields ?? {}))
  return new LinkChecker({ dataDir: linkCacheDir(env) }).check(urls)
}
