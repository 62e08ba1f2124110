/**
 * The Electron shell's `SettingsBackend`: electron-store's `settings.json` in the app's data
 * folder. electron-store (conf 15) reads the file when it is constructed and on every read of
 * `store`: on a file that is not JSON it throws (`clearInvalidConfig: false`, the default) or,
 * with `clearInvalidConfig`, answers `{}` and overwrites the file at the next write; a folder
 * in its place makes it throw; an array or a string is spread into an object of indexes. None
 * of that tells the applicant. So the file is checked first and, when damaged, moved aside by
 * `backUpIfDamaged`; `recoveredFrom` then makes the core's SettingsService tell the applicant
 * where the old file went. Values of the wrong type are the SettingsService's business (it
 * keeps a copy through `keepCopy`). A file damaged while the app runs is moved aside before
 * the next write instead of being overwritten.
 */
import { join } from 'node:path'
import Store from 'electron-store'
import type { SettingsValues } from '../../shared/ipc'
import { consoleLogger, type Logger } from '../core/errors'
import { type SettingsBackend, StoredSettings, backUpIfDamaged, copyAside } from '../core/settings'

export const SETTINGS_FILE_NAME = 'settings.json'

export class ElectronStoreSettingsBackend implements SettingsBackend {
  readonly #store: Store<Record<string, unknown>>
  readonly #log: Logger

  private constructor(
    store: Store<Record<string, unknown>>,
    readonly recoveredFrom: string | null,
    readonly recoveredWhy: string | null,
    log: Logger,
  ) {
    this.#store = store
    this.#log = log
  }

  /** `dataDir` is the app's userData folder. */
  static async open(dataDir: string, options: { log?: Logger; now?: () => Date } = {}): Promise<ElectronStoreSettingsBackend> {
    const log = options.log ?? consoleLogger
    const recovered = await backUpIfDamaged(join(dataDir, SETTINGS_FILE_NAME), StoredSettings, options.now)
    if (recovered) log.warn(`the settings file was damaged (${recovered.why}); it was moved to ${recovered.backup} and defaults are used`)
    const store = new Store<Record<string, unknown>>({
      name: 'settings',
      cwd: dataDir,
      // Never wipe a file silently: a file damaged while the app runs makes reads fail
      // (answered below); the next write, or the next start, moves it aside and says so.
      clearInvalidConfig: false,
    })
    return new ElectronStoreSettingsBackend(store, recovered?.backup ?? null, recovered?.why ?? null, log)
  }

  get file(): string {
    return this.#store.path
  }

  keepCopy(): Promise<string | null> {
    return copyAside(this.#store.path)
  }

  read(): Promise<unknown> {
    try {
      return Promise.resolve({ ...this.#store.store })
    } catch (error) {
      // SettingsService falls back to the defaults for anything it cannot read.
      this.#log.warn(`the settings file ${this.#store.path} could not be read`, error)
      return Promise.resolve({})
    }
  }

  async write(values: SettingsValues): Promise<string | null> {
    // conf would overwrite a file damaged meanwhile (or fail on a folder): set it aside first.
    const aside = await backUpIfDamaged(this.#store.path, StoredSettings)
    if (aside) this.#log.warn(`the settings file was damaged (${aside.why}) while Grant Desk ran; it was moved to ${aside.backup}`)
    // Replacing the whole object drops keys of older versions that no longer mean anything.
    this.#store.store = { ...values }
    return aside?.backup ?? null
  }
}
