/**
 * write-file-atomic's temporary file names, apart from the lock (file-lock.ts): the folder and
 * review reads ask only this, and so never load proper-lockfile, graceful-fs and signal-exit,
 * which a `grant-desk review` gate (both its threads) evaluated at start-up for nothing (issue 34).
 */

/**
 * Whether a name is write-file-atomic's temporary file for a file `isTarget` accepts: version 7
 * writes `<file>.<n>`, n the first 32 bits of a sha1 as an unsigned decimal (no leading zero),
 * and renames it over `<file>`. Nothing else in a shared folder is taken for one.
 */
export function isAtomicTempName(name: string, isTarget: (fileName: string) => boolean): boolean {
  return atomicTempTarget(name, isTarget) !== null
}

/** The file a temporary name (see isAtomicTempName) is written for, or null when it is not one. */
export function atomicTempTarget(name: string, isTarget: (fileName: string) => boolean): string | null {
  const match = /^(.+)\.(0|[1-9]\d{0,9})$/.exec(name)
  return match !== null && Number(match[2]) <= 0xffffffff && isTarget(match[1]!) ? match[1]! : null
}
