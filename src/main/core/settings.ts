/**
 * The applicant's settings. The values live behind a `SettingsBackend` port (electron-store in
 * the Electron shell, a JSON file in the browser host); this service adds the defaults, the
 * `GRANT_SERVICE_URL` override, validation, and the recovery of a damaged file.
 */
import { copyFile, mkdir, readFile, rename } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { z } from 'zod'
import { SettingsValues, type SettingsView } from '../../shared/ipc'
import { AppFailure } from './errors'
import { damagedName } from './secret-store'

/** The sandbox's default address, which the start commands use when they start one. */
export const DEFAULT_SERVICE_URL = 'http://127.0.0.1:8787'

export function defaultSettings(): SettingsValues {
  return { serviceUrl: DEFAULT_SERVICE_URL, feedbackNamespace: 'grant-desk', reviewerName: '', draftsFolder: null }
}

/** Raw storage of the settings values. */
export interface SettingsBackend {
  read(): Promise<unknown>
  write(values: SettingsValues): Promise<void>
  /** Set when the stored file was damaged and replaced by defaults: where the old one went. */
  readonly recoveredFrom: string | null
  /** Keeps a copy of the stored file as it is now (before bad values are dropped); the copy's path. */
  keepCopy?(): Promise<string | null>
}

/** The applicant's names for the settings, for notices. */
const SETTING_NAMES: Record<keyof SettingsValues, string> = {
  serviceUrl: 'service address',
  feedbackNamespace: 'feedback namespace',
  reviewerName: 'reviewer name',
  draftsFolder: 'drafts folder',
}

/** Copies `file` aside (see `damagedName`); null when there is no file to copy. */
export async function copyAside(file: string, now: Date = new Date()): Promise<string | null> {
  const copy = damagedName(file, now)
  try {
    await copyFile(file, copy)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  return copy
}

/**
 * If `file` exists and is not valid JSON of the right shape, moves it aside (so the
 * applicant can recover it by hand) and returns the backup's path; else null.
 */
export async function backUpIfDamaged(file: string, schema: z.ZodType, now: () => Date = () => new Date()): Promise<string | null> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null // missing: nothing to recover
    // A folder in its place, or no permission to read it: unusable, so it is moved aside (if it can be).
    text = '\u0000'
  }
  let ok = false
  try {
    ok = schema.safeParse(JSON.parse(text)).success
  } catch {
    ok = false
  }
  if (ok) return null
  const backup = damagedName(file, now())
  await rename(file, backup)
  return backup
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
  constructor(readonly file: string) {}

  static async open(file: string): Promise<JsonFileSettingsBackend> {
    const backend = new JsonFileSettingsBackend(file)
    backend.recoveredFrom = await backUpIfDamaged(file, StoredSettings)
    return backend
  }

  async read(): Promise<unknown> {
    try {
      return JSON.parse(await readFile(this.file, 'utf8'))
    } catch {
      return {}
    }
  }

  async write(values: SettingsValues): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true })
    await writeFileAtomic(this.file, `${JSON.stringify(values, null, 2)}\n`)
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
}

export class SettingsService {
  readonly #backend: SettingsBackend
  readonly #override: string | null
  readonly defaultDraftsFolder: string
  #values: SettingsValues | null = null
  #notice: string | null

  constructor(options: SettingsServiceOptions) {
    this.#backend = options.backend
    const override = options.serviceUrlOverride?.trim()
    this.#override = override ? override.replace(/\/+$/, '') : null
    this.defaultDraftsFolder = join(options.dataDir, 'drafts')
    this.#notice = options.backend.recoveredFrom
      ? `Your settings file could not be read, so Grant Desk started with default settings. The old file was kept as ${options.backend.recoveredFrom}.`
      : null
  }

  async values(): Promise<SettingsValues> {
    if (this.#values) return this.#values
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
    if (dropped.length > 0 && this.#notice === null) this.#notice = await this.#droppedNotice(dropped)
    this.#values = values
    return values
  }

  /** The applicant hears which values were reset; the file as it was is kept beside it. */
  async #droppedNotice(dropped: (keyof SettingsValues)[]): Promise<string> {
    let copy: string | null = null
    try {
      copy = (await this.#backend.keepCopy?.()) ?? null
    } catch {
      // The notice still says what was reset.
    }
    const names = dropped.map((key) => SETTING_NAMES[key]).join(', ')
    const which = dropped.length === 1 ? 'a value' : 'values'
    const those = dropped.length === 1 ? 'that setting is' : 'those settings are'
    return `Your settings file had ${which} Grant Desk could not use (${names}), so ${those} back to the default. Check them below and save.${copy ? ` A copy of the old file was kept as ${copy}.` : ''}`
  }

  async view(): Promise<SettingsView> {
    const values = await this.values()
    return {
      ...values,
      effectiveServiceUrl: this.#override ?? values.serviceUrl.replace(/\/+$/, ''),
      serviceUrlOverriddenBy: this.#override ? 'GRANT_SERVICE_URL' : null,
      effectiveDraftsFolder: values.draftsFolder ?? this.defaultDraftsFolder,
      defaultDraftsFolder: this.defaultDraftsFolder,
      notice: this.#notice,
    }
  }

  async update(patch: { [K in keyof SettingsValues]?: SettingsValues[K] | undefined }): Promise<SettingsView> {
    const next = { ...(await this.values()) }
    for (const [key, value] of Object.entries(patch)) {
      if (value !== undefined) (next as Record<string, unknown>)[key] = value
    }
    try {
      await this.#backend.write(next)
    } catch (error) {
      throw new AppFailure('storage_error', 'Your settings could not be saved. Check that the app’s data folder is writable, then try again.', {}, { cause: error })
    }
    this.#values = next
    this.#notice = null // the applicant has now seen and saved their settings
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
