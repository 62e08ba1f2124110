/**
 * Setting a damaged file of the app's own aside: moved (or copied) to `<file>.damaged-<time>`
 * (`damagedName`), never deleted, so the applicant or a helper can still look at it. Two
 * damaged files set aside within the same millisecond get `-2`, `-3`… rather than one
 * replacing the other.
 */
import { constants } from 'node:fs'
import { copyFile, lstat, rename } from 'node:fs/promises'
import { damagedName } from './secret-store'

const MAX_TRIES = 100

function candidate(file: string, now: Date, attempt: number): string {
  const base = damagedName(file, now)
  return attempt === 1 ? base : `${base}-${attempt}`
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw error
  }
}

/**
 * Moves `file` (a file or a folder) to a free `.damaged-<time>` name beside it and returns
 * that name; null when there is nothing at `file` (any more).
 */
export async function moveAside(file: string, now: Date = new Date()): Promise<string | null> {
  for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
    const target = candidate(file, now, attempt)
    if (await exists(target)) continue
    try {
      await rename(file, target)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
    return target
  }
  throw new Error(`no free name to set ${file} aside`)
}

/** Copies `file` to a free `.damaged-<time>` name beside it; null when there is no file. */
export async function copyAside(file: string, now: Date = new Date()): Promise<string | null> {
  for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
    const target = candidate(file, now, attempt)
    try {
      await copyFile(file, target, constants.COPYFILE_EXCL)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EEXIST') continue
      if (code === 'ENOENT') return null
      throw error
    }
    return target
  }
  throw new Error(`no free name to keep a copy of ${file}`)
}
