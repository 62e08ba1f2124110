/**
 * Whether a folder the applicant typed can hold drafts, decided before anything is created:
 * a full path of this computer's kind (a Windows path on Linux is not one), normalised (`..`
 * resolved first, so `a/../../x` never creates `a`), not on a special filesystem (`/proc`,
 * `/sys`, `/dev`: creating folders there can spin for ever), and checked within a time bound
 * (a network folder that does not answer is refused, not waited on).
 */
import { constants } from 'node:fs'
import { access, mkdir, stat, statfs } from 'node:fs/promises'
import { posix, win32 } from 'node:path'
import { AppFailure } from './errors'

/** How long the checks of a folder may take before it is refused. */
export const FOLDER_CHECK_MS = 5_000

/** Filesystems that are views of the kernel or devices, not places to keep files (statfs types). */
const SPECIAL_FILESYSTEMS = new Map<number, string>([
  [0x9fa0, 'proc'],
  [0x62656572, 'sysfs'],
  [0x27e0eb, 'cgroup'],
  [0x63677270, 'cgroup2'],
  [0x64626720, 'debugfs'],
  [0x74726163, 'tracefs'],
  [0x73636673, 'securityfs'],
  [0x6165676c, 'pstore'],
  [0xcafe4a11, 'bpf'],
  [0x62656570, 'configfs'],
  [0x65735543, 'fusectl'],
  [0x19800202, 'mqueue'],
  [0x1cd1, 'devpts'],
])
/** Special places refused by name, whatever their filesystem says. */
const SPECIAL_ROOTS = ['/proc', '/sys', '/dev']

export interface FolderCheckOptions {
  platform?: NodeJS.Platform
  timeoutMs?: number
}

function refuse(folder: string, why: string, cause?: unknown): AppFailure {
  const message = `Grant Desk cannot use ${folder} for drafts: ${why}`
  return new AppFailure('invalid_input', message, { fields: { draftsFolder: message } }, cause === undefined ? {} : { cause })
}

/**
 * The folder as it will be stored and used (normalised), once it is known to be a folder
 * Grant Desk can create and write to. Refusals are `invalid_input` with `fields.draftsFolder`,
 * and create nothing.
 */
export async function usableDraftsFolder(folder: string, options: FolderCheckOptions = {}): Promise<string> {
  const platform = options.platform ?? process.platform
  const path = platform === 'win32' ? win32 : posix
  const typed = folder.trim()

  if (platform === 'win32') {
    if (!/^(?:[A-Za-z]:[\\/]|\\\\[^\\/]+[\\/][^\\/]+)/.test(typed)) {
      throw refuse(typed, 'it is not a full folder path. Type one that starts with a drive, like C:\\Users\\you\\grant-drafts.')
    }
  } else {
    if (/^(?:[A-Za-z]:[\\/]|\\\\)/.test(typed)) {
      throw refuse(typed, 'it is a Windows path, and this computer does not use drive letters. Type a path that starts with /, like /home/you/grant-drafts.')
    }
    if (!typed.startsWith('/')) throw refuse(typed, 'it is not a full folder path. Type one that starts with /, like /home/you/grant-drafts.')
  }
  if (typed.includes('\0')) throw refuse(typed.replaceAll('\0', '\\0'), 'it contains a NUL character. Type the path again.')

  const normalised = path.resolve(typed)
  if (platform !== 'win32') {
    const root = SPECIAL_ROOTS.find((special) => normalised === special || normalised.startsWith(`${special}/`))
    if (root) throw refuse(normalised, `${root} holds the system's own files, not yours. Choose a folder in your home folder.`)
  }

  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(refuse(normalised, `it did not answer within ${Math.round((options.timeoutMs ?? FOLDER_CHECK_MS) / 1000)} seconds (a network folder that is offline?). Choose a folder on this computer, or try again when it is reachable.`)),
      options.timeoutMs ?? FOLDER_CHECK_MS,
    )
  })
  try {
    return await Promise.race([check(normalised, path, platform), timeout])
  } finally {
    clearTimeout(timer)
  }
}

async function check(folder: string, path: typeof posix, platform: NodeJS.Platform): Promise<string> {
  // The filesystem of the nearest folder that exists, before anything is created under it.
  if (platform === 'linux') {
    const existing = await nearestExisting(folder, path)
    try {
      const info = await statfs(existing)
      const special = SPECIAL_FILESYSTEMS.get(Number(info.type))
      if (special) throw refuse(folder, `it is on a special ${special} filesystem of the system, not a place for files. Choose a folder in your home folder.`)
    } catch (error) {
      if (error instanceof AppFailure) throw error
      // statfs unavailable: the checks below still decide.
    }
  }
  try {
    await mkdir(folder, { recursive: true })
    await access(folder, constants.R_OK | constants.W_OK)
    if (!(await stat(folder)).isDirectory()) throw new Error('not a folder')
  } catch (error) {
    throw refuse(folder, 'it is not a folder it can create and write to. Choose another folder, or fix its permissions.', error)
  }
  return folder
}

async function nearestExisting(folder: string, path: typeof posix): Promise<string> {
  let current = folder
  for (;;) {
    try {
      await stat(current)
      return current
    } catch {
      const parent = path.dirname(current)
      if (parent === current) return current
      current = parent
    }
  }
}
