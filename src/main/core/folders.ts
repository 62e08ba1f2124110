/**
 * Whether a folder the applicant typed can hold drafts, decided before anything is created:
 * a full path of this computer's kind (a Windows path on Linux is not one), normalised (`..`
 * resolved first, so `a/../../x` never creates `a`), not a place of the system (`/proc`,
 * `/sys`, `/dev`, a kernel filesystem found by statfs, a Windows device name: creating folders
 * there can spin for ever), and checked within a time bound (a network folder that does not
 * answer is refused, not waited on).
 */
import { constants } from 'node:fs'
import { access, mkdir, stat, statfs } from 'node:fs/promises'
import { posix, win32 } from 'node:path'
import { AppFailure } from './errors'
import { plural } from '../../shared/text'

/** How long the checks of a folder may take before it is refused. */
export const FOLDER_CHECK_MS = 5_000

/**
 * Checks that timed out but are still running hold one of the few threads Node does file work
 * on (four by default); past this many, no new check is started, so a folder that never
 * answers cannot stall every other file operation of the app.
 */
export const MAX_UNANSWERED_CHECKS = 2

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
  [0x42494e4d, 'binfmt_misc'],
  [0x64646178, 'daxfs'],
  [0xde5e81e4, 'efivarfs'],
  [0xf97cff8c, 'selinuxfs'],
  [0x6e736673, 'nsfs'],
  [0x9fa2, 'usbdevfs'],
])
/** Special places refused by name, whatever their filesystem says (devtmpfs reports tmpfs's type). */
const SPECIAL_ROOTS = ['/proc', '/sys', '/dev']
/** Names Windows keeps for devices, in any folder and with any extension (`NUL.txt` is NUL). */
const WINDOWS_DEVICE_NAME = /^(?:CON|PRN|AUX|NUL|CONIN\$|CONOUT\$|COM[0-9¹²³]|LPT[0-9¹²³])(?:\..*)?$/i

/** The file operations the checks make (tests replace them to play a folder that never answers). */
export interface FolderFs {
  mkdir(path: string, options: { recursive: true }): Promise<unknown>
  access(path: string, mode: number): Promise<void>
  stat(path: string): Promise<{ isDirectory(): boolean }>
  statfs(path: string): Promise<{ type: number | bigint }>
}

const realFs: FolderFs = { mkdir, access, stat, statfs }

export interface FolderCheckOptions {
  /** Default `process.platform`. */
  platform?: NodeJS.Platform
  /** Default FOLDER_CHECK_MS. */
  timeoutMs?: number
  /** Default node:fs. */
  fs?: Partial<FolderFs>
}

function refuse(folder: string, why: string, cause?: unknown): AppFailure {
  const message = `Grant Desk cannot use ${folder} for drafts: ${why}`
  return new AppFailure('invalid_input', message, { fields: { draftsFolder: message } }, cause === undefined ? {} : { cause })
}

const HOME_EXAMPLE = { posix: '/home/you/grant-drafts', win32: 'C:\\Users\\you\\grant-drafts' }

/**
 * The rules that need no disk: the folder's form on this platform, and no place of the system.
 * Returns the normalised folder; throws the refusal.
 */
function normalisedFolder(typed: string, platform: NodeJS.Platform): string {
  if (typed === '') throw refuse('an empty path', 'type the full path of a folder.')
  if (typed.includes('\0')) throw refuse(typed.replaceAll('\0', '\\0'), 'it contains a NUL character. Type the path again.')
  if (platform === 'win32') {
    if (/^\\\\[.?]\\|^\/\/[.?]\//.test(typed)) {
      throw refuse(typed, `it starts with \\\\.\\ or \\\\?\\, which Windows uses for devices. Type a plain folder path, like ${HOME_EXAMPLE.win32}.`)
    }
    if (!/^(?:[A-Za-z]:[\\/]|\\\\[^\\/]+[\\/][^\\/]+)/.test(typed)) {
      throw refuse(typed, `it is not a full folder path. Type one that starts with a drive or a network share, like ${HOME_EXAMPLE.win32}.`)
    }
    const normalised = win32.resolve(typed)
    // Past the drive (`C:`) or the share (`\\server\share`), Windows allows none of these in a name.
    const parts = normalised.slice(win32.parse(normalised).root.length).split('\\').filter(Boolean)
    // eslint-disable-next-line no-control-regex -- control characters are what this pattern is about
    if (parts.some((part) => /[<>:"|?*\u0000-\u001f]/.test(part))) {
      throw refuse(normalised, 'a folder name in it has a character Windows does not allow (< > : " | ? *). Type the path again.')
    }
    // Windows drops trailing spaces and dots from a name: `NUL .` is NUL.
    const device = parts.map((part) => part.replace(/[ .]+$/, '')).find((part) => WINDOWS_DEVICE_NAME.test(part))
    if (device) throw refuse(normalised, `${device} is a name Windows keeps for a device. Choose another folder name.`)
    return normalised
  }
  if (/^(?:[A-Za-z]:[\\/]|\\\\)/.test(typed)) {
    throw refuse(typed, `it is a Windows path, and this computer does not use drive letters. Type a path that starts with /, like ${HOME_EXAMPLE.posix}.`)
  }
  if (typed.startsWith('~')) {
    throw refuse(typed, `Grant Desk does not expand ~. Type the full path, like ${HOME_EXAMPLE.posix}.`)
  }
  if (!typed.startsWith('/')) throw refuse(typed, `it is not a full folder path. Type one that starts with /, like ${HOME_EXAMPLE.posix}.`)
  const normalised = posix.resolve(typed)
  const root = SPECIAL_ROOTS.find((special) => normalised === special || normalised.startsWith(`${special}/`))
  if (root) throw refuse(normalised, `${root} holds the system's own files, not yours. Choose a folder in your home folder.`)
  return normalised
}

let unanswered = 0

/** Runs `work` within `timeoutMs`, counting it as unanswered while it runs on after the bound. */
async function bounded<T>(work: () => Promise<T>, timeoutMs: number, onTimeout: () => AppFailure, onBusy: () => AppFailure = onTimeout): Promise<T> {
  if (unanswered >= MAX_UNANSWERED_CHECKS) throw onBusy()
  const running = work()
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      unanswered++
      running.then(
        () => unanswered--,
        () => unanswered--,
      )
      reject(onTimeout())
    }, timeoutMs)
  })
  try {
    return await Promise.race([running, timeout])
  } finally {
    clearTimeout(timer)
  }
}

function seconds(ms: number): string {
  const n = Math.max(1, Math.round(ms / 1000))
  return plural(n, 'second')
}

function fsOf(options: FolderCheckOptions): FolderFs {
  return { ...realFs, ...options.fs }
}

/**
 * The folder as it will be stored and used (normalised), once it is known to be a folder
 * Grant Desk can create and write to. Refusals are `invalid_input` with `fields.draftsFolder`,
 * and create nothing.
 */
export async function usableDraftsFolder(folder: string, options: FolderCheckOptions = {}): Promise<string> {
  const platform = options.platform ?? process.platform
  const timeoutMs = options.timeoutMs ?? FOLDER_CHECK_MS
  const normalised = normalisedFolder(folder.trim(), platform)
  const fs = fsOf(options)
  return bounded(
    () => check(normalised, platform, fs),
    timeoutMs,
    () =>
      refuse(
        normalised,
        `it did not answer within ${seconds(timeoutMs)} (a network folder that is offline?). Choose a folder on this computer, or try again when that one is reachable.`,
      ),
    () =>
      refuse(
        normalised,
        'Grant Desk is still waiting for folders that did not answer earlier (a network folder that is offline?). Choose a folder on this computer, or restart Grant Desk and try again.',
      ),
  )
}

/**
 * A drafts folder read from the settings file (typed by hand, or by an older version): the
 * same rules, without creating anything. The normalised folder, or why it cannot be used. A
 * folder that does not answer in time is kept (an offline network folder is still the
 * applicant's choice; the drafts store reports it when it is used).
 */
export async function storedDraftsFolder(folder: string, options: FolderCheckOptions = {}): Promise<{ folder: string } | { problem: string }> {
  const platform = options.platform ?? process.platform
  let normalised: string
  try {
    normalised = normalisedFolder(folder.trim(), platform)
  } catch (error) {
    return { problem: (error as Error).message }
  }
  if (platform !== 'linux') return { folder: normalised }
  const fs = fsOf(options)
  try {
    const special = await bounded(
      () => specialFilesystem(normalised, fs),
      options.timeoutMs ?? FOLDER_CHECK_MS,
      () => refuse(normalised, 'it did not answer'),
    )
    if (special) return { problem: refuse(normalised, specialWhy(special)).message }
  } catch {
    // Not answering, or statfs unavailable: the drafts store decides when it opens the folder.
  }
  return { folder: normalised }
}

function specialWhy(special: string): string {
  return `it is on a special ${special} filesystem of the system, not a place for files. Choose a folder in your home folder.`
}

/** The kernel filesystem the nearest existing folder above `folder` is on, or null. */
async function specialFilesystem(folder: string, fs: FolderFs): Promise<string | null> {
  const existing = await nearestExisting(folder, fs)
  try {
    const info = await fs.statfs(existing)
    return SPECIAL_FILESYSTEMS.get(Number(info.type)) ?? null
  } catch {
    return null // statfs unavailable: the other checks still decide.
  }
}

async function check(folder: string, platform: NodeJS.Platform, fs: FolderFs): Promise<string> {
  // The filesystem of the nearest folder that exists, before anything is created under it.
  if (platform === 'linux') {
    const special = await specialFilesystem(folder, fs)
    if (special) throw refuse(folder, specialWhy(special))
  }
  try {
    await fs.mkdir(folder, { recursive: true })
    await fs.access(folder, constants.R_OK | constants.W_OK)
    if (!(await fs.stat(folder)).isDirectory()) throw new Error('not a folder')
  } catch (error) {
    throw refuse(folder, 'it is not a folder Grant Desk can create and write to. Choose another folder, or fix its permissions.', error)
  }
  return folder
}

async function nearestExisting(folder: string, fs: FolderFs): Promise<string> {
  let current = folder
  for (;;) {
    try {
      await fs.stat(current)
      return current
    } catch {
      const parent = posix.dirname(current)
      if (parent === current) return current
      current = parent
    }
  }
}
