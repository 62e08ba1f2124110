/**
 * The applicant's settings. The values live behind a `SettingsBackend` port (electron-store in
 * the Electron shell, a JSON file in the browser host); this service adds the defaults, the
 * `GRANT_SERVICE_URL` override, validation, and the recovery of a damaged file.
 */
import { mkdir, readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { z } from 'zod'
import { SettingsValues, type SettingsView } from '../../shared/ipc'
import { AppFailure, type Logger, consoleLogger } from './errors'
import { type FolderCheckOptions, storedDraftsFolder, usableDraftsFolder } from './folders'
import type { BundledSandbox } from './sandbox'
import { copyAside, moveAside } from './set-aside'

export { copyAside }

/** The sandbox's default address, which the start commands use when they start one. */
export const DEFAULT_SERVICE_URL = 'http://127.0.0.1:8787'

/** The saved searches are checked for new grants this often while the app runs (issue 12). */
export const DEFAULT_SAVED_SEARCH_REFRESH_MINUTES = 30

/** Reminders 3 days, 1 day and 3 hours before a deadline. */
export const DEFAULT_REMINDER_OFFSETS_MINUTES = [3 * 24 * 60, 24 * 60, 3 * 60]

export function defaultSettings(): SettingsValues {
  return {
    serviceUrl: DEFAULT_SERVICE_URL,
    feedbackNamespace: 'grant-desk',
    reviewerName: '',
    signingKey: null,
    draftsFolder: null,
    savedSearchRefreshMinutes: DEFAULT_SAVED_SEARCH_REFRESH_MINUTES,
    theme: 'system',
    reminders: { enabled: true, offsetsMinutes: [...DEFAULT_REMINDER_OFFSETS_MINUTES] },
    teamSync: { everyMinutes: null, onStart: false },
    checkLinksOnSave: false,
  }
}

/** Raw storage of the settings values. */
export interface SettingsBackend {
  read(): Promise<unknown>
  /**
   * Stores the values. When the file on disk was damaged since it was read (edited by hand, a
   * folder put in its place), it is set aside first rather than overwritten: the answer is
   * where it went (else null or nothing).
   */
  write(values: SettingsValues): Promise<string | null | void>
  /** Set when the stored file was damaged and replaced by defaults: where the old one went. */
  readonly recoveredFrom: string | null
  /** What was wrong with it, in a few words ("a folder was in its place"), when known. */
  readonly recoveredWhy?: string | null
  /** Keeps a copy of the stored file as it is now (before bad values are dropped); the copy's path. */
  keepCopy?(): Promise<string | null>
}

/** The applicant's names for the settings, for notices. */
const SETTING_NAMES: Record<keyof SettingsValues, string> = {
  serviceUrl: 'service address',
  feedbackNamespace: 'feedback namespace',
  reviewerName: 'reviewer name',
  signingKey: 'signing key',
  draftsFolder: 'drafts folder',
  savedSearchRefreshMinutes: 'check for new grants',
  theme: 'theme',
  reminders: 'deadline reminders',
  teamSync: 'automatic team sync',
  checkLinksOnSave: 'check links on each save',
}

/** What is wrong with `file` as JSON of `schema`, in a few words; null when it is fine or missing. */
async function damageOf(file: string, schema: z.ZodType): Promise<string | null> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return null // missing: nothing to recover
    // A folder in its place, or no permission to read it: unusable, so it is moved aside (if it can be).
    return code === 'EISDIR' ? 'a folder was in its place' : `it could not be opened: ${code ?? 'unknown error'}`
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return text.trim() === '' ? 'it was empty' : 'it was not valid JSON'
  }
  return schema.safeParse(parsed).success ? null : 'it did not hold settings'
}

/**
 * If `file` exists and is not valid JSON of the right shape, moves it aside (a file or a
 * folder, so the applicant can recover it by hand) and returns the backup's path and what
 * was wrong; else null.
 */
export async function backUpIfDamaged(file: string, schema: z.ZodType, now: () => Date = () => new Date()): Promise<{ backup: string; why: string } | null> {
  const why = await damageOf(file, schema)
  if (why === null) return null
  const backup = await moveAside(file, now())
  return backup === null ? null : { backup, why }
}

/**
 * Stored settings as they may be on disk: any JSON object. Each value is then checked on its
 * own, so one bad value falls back to its default without costing the applicant the others;
 * only a file that is not a JSON object at all counts as damaged.
 */
export const StoredSettings = z.record(z.string(), z.unknown())

/** A JSON file written atomically: the browser host's backend. */
export class JsonFileSettingsBackend implements SettingsBackend {
  recoveredFrom: string | null = null
  recoveredWhy: string | null = null
  constructor(readonly file: string) {}

  static async open(file: string, options: { now?: () => Date } = {}): Promise<JsonFileSettingsBackend> {
    const backend = new JsonFileSettingsBackend(file)
    const recovered = await backUpIfDamaged(file, StoredSettings, options.now)
    backend.recoveredFrom = recovered?.backup ?? null
    backend.recoveredWhy = recovered?.why ?? null
    return backend
  }

  async read(): Promise<unknown> {
    try {
      return JSON.parse(await readFile(this.file, 'utf8'))
    } catch {
      return {}
    }
  }

  async write(values: SettingsValues): Promise<string | null> {
    const aside = await backUpIfDamaged(this.file, StoredSettings)
    await mkdir(dirname(this.file), { recursive: true })
    await writeFileAtomic(this.file, `${JSON.stringify(values, null, 2)}\n`)
    return aside?.backup ?? null
  }

  keepCopy(): Promise<string | null> {
    return copyAside(this.file)
  }
}

export interface SettingsServiceOptions {
  backend: SettingsBackend
  dataDir: string
  /** `GRANT_SERVICE_URL`, when set. */
  serviceUrlOverride?: string | undefined
  /**
   * The sandbox a start command started for this run: the saved default address then means
   * it (wherever it listens), and any other saved address still wins.
   */
  sandbox?: BundledSandbox | null
  /** How a drafts folder is checked (platform, time bound); tests set them. */
  folders?: FolderCheckOptions
  log?: Logger
}

/** The notice for a settings file that was moved aside whole. */
function recoveredNotice(backup: string, why: string | null | undefined): string {
  return (
    `Your settings file could not be read${why ? ` (${why})` : ''}, so Grant Desk started with default settings. ` +
    `The old file was kept as ${backup}. Check your settings below and save; if you had chosen a drafts folder, choose it again: your drafts are still in it.`
  )
}

export class SettingsService {
  readonly #backend: SettingsBackend
  readonly #override: string | null
  readonly #sandbox: BundledSandbox | null
  readonly #folders: FolderCheckOptions
  readonly #log: Logger
  readonly defaultDraftsFolder: string
  #values: Promise<SettingsValues> | null = null
  #notice: string | null

  constructor(options: SettingsServiceOptions) {
    this.#backend = options.backend
    const override = options.serviceUrlOverride?.trim()
    this.#override = override ? override.replace(/\/+$/, '') : null
    this.#sandbox = options.sandbox ?? null
    this.#folders = options.folders ?? {}
    this.#log = options.log ?? consoleLogger
    this.defaultDraftsFolder = join(options.dataDir, 'drafts')
    const { recoveredFrom, recoveredWhy } = options.backend
    this.#notice = recoveredFrom ? recoveredNotice(recoveredFrom, recoveredWhy) : null
  }

  values(): Promise<SettingsValues> {
    // One read, shared by every caller that asks meanwhile (only one copy of a damaged file is kept).
    if (!this.#values) {
      const loading = this.#load()
      this.#values = loading
      loading.catch(() => {
        if (this.#values === loading) this.#values = null // the next call tries again
      })
    }
    return this.#values
  }

  async #load(): Promise<SettingsValues> {
    const stored = StoredSettings.safeParse(await this.#backend.read())
    const values = { ...defaultSettings() }
    const dropped: (keyof SettingsValues)[] = []
    if (stored.success) {
      // Take each stored value that is valid on its own; a bad one falls back to its default.
      for (const key of Object.keys(values) as (keyof SettingsValues)[]) {
        if (stored.data[key] === undefined) continue
        const one = SettingsValues.shape[key].safeParse(stored.data[key])
        if (one.success) (values as Record<string, unknown>)[key] = one.data
        else dropped.push(key)
      }
    }
    // A drafts folder typed into the file by hand is held to the rules of one chosen in Settings
    // (a Windows path here, /proc/…): opening it could create folders in the wrong place, or spin.
    if (typeof values.draftsFolder === 'string') {
      const checked = await storedDraftsFolder(values.draftsFolder, this.#folders)
      if ('folder' in checked) {
        values.draftsFolder = checked.folder
      } else {
        this.#log.warn(`the drafts folder in the settings file cannot be used: ${checked.problem}`)
        values.draftsFolder = null
        dropped.push('draftsFolder')
      }
    }
    if (dropped.length > 0 && this.#notice === null) this.#notice = await this.#repair(values, dropped)
    return values
  }

  /**
   * The applicant hears which values were reset. The file as it was is kept beside it; once
   * that copy is made, the file is rewritten with the values in use, so the next start does
   * not make another copy of the same file.
   */
  async #repair(values: SettingsValues, dropped: (keyof SettingsValues)[]): Promise<string> {
    let copy: string | null = null
    try {
      copy = (await this.#backend.keepCopy?.()) ?? null
    } catch (error) {
      this.#log.warn('a copy of the settings file could not be kept', error)
    }
    if (copy) {
      try {
        await this.#backend.write(values)
      } catch (error) {
        this.#log.warn('the settings file could not be rewritten with the values in use', error)
      }
    }
    const names = dropped.map((key) => SETTING_NAMES[key]).join(', ')
    const which = dropped.length === 1 ? 'a value' : 'values'
    const those = dropped.length === 1 ? 'that setting is' : 'those settings are'
    const folder = dropped.includes('draftsFolder')
      ? ' Your drafts are still in the folder you had chosen: choose it again (a full path of this computer) to see them.'
      : ''
    const check = dropped.length === 1 ? 'Check it below and save.' : 'Check them below and save.'
    return `Your settings file had ${which} Grant Desk could not use (${names}), so ${those} back to the default. ${check}${folder}${copy ? ` A copy of the old file was kept as ${copy}.` : ''}`
  }

  async view(): Promise<SettingsView> {
    const values = await this.values()
    const saved = values.serviceUrl.replace(/\/+$/, '')
    const sandbox = this.#sandbox
    const effective = this.#override ?? (sandbox !== null && saved === DEFAULT_SERVICE_URL ? sandbox.url : saved)
    const sandboxInUse = sandbox !== null && effective === sandbox.url
    return {
      ...values,
      effectiveServiceUrl: effective,
      serviceUrlOverriddenBy: this.#override ? 'GRANT_SERVICE_URL' : null,
      defaultServiceUrl: DEFAULT_SERVICE_URL,
      sandbox: sandbox && { url: sandbox.url, startedBy: sandbox.startedBy, inUse: sandboxInUse, demoLogins: sandboxInUse ? sandbox.demoLogins : [] },
      effectiveDraftsFolder: values.draftsFolder ?? this.defaultDraftsFolder,
      defaultDraftsFolder: this.defaultDraftsFolder,
      notice: this.#notice,
    }
  }

  /**
   * Stores the changed values. A drafts folder is checked first (`usableDraftsFolder`) and
   * stored normalised, so what is used is what was checked; a refused one changes nothing.
   */
  async update(patch: { [K in keyof SettingsValues]?: SettingsValues[K] | undefined }): Promise<SettingsView> {
    const checked = typeof patch.draftsFolder === 'string' ? { ...patch, draftsFolder: await usableDraftsFolder(patch.draftsFolder, this.#folders) } : patch
    const next = { ...(await this.values()) }
    for (const [key, value] of Object.entries(checked)) {
      if (value !== undefined) (next as Record<string, unknown>)[key] = value
    }
    let aside: string | null | void
    try {
      aside = await this.#backend.write(next)
    } catch (error) {
      throw new AppFailure(
        'storage_error',
        'Your settings could not be saved. Check that the app’s data folder is writable, then try again.',
        {},
        { cause: error },
      )
    }
    this.#values = Promise.resolve(next)
    // The applicant has now seen and saved their settings; only a file damaged meanwhile is news.
    this.#notice = aside
      ? `Your settings are saved. The settings file had been damaged since Grant Desk started (changed by another program?), so it was kept as ${aside} instead of being overwritten.`
      : null
    return this.view()
  }

  /** The service address in use right now (read on every request, so a change applies at once). */
  async serviceUrl(): Promise<string> {
    return (await this.view()).effectiveServiceUrl
  }

  async draftsFolder(): Promise<string> {
    return (await this.view()).effectiveDraftsFolder
  }
}
