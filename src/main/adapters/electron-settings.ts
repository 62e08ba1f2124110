/**
 * The Electron shell's `SettingsBackend`: electron-store's `settings.json` in the app's data
 * folder. electron-store would either throw on a damaged file or (with `clearInvalidConfig`)
 * silently wipe it; neither tells the applicant. So the file is checked first and, when
 * damaged, moved aside by `backUpIfDamaged`; `recoveredFrom` then makes the core's
 * SettingsService tell the applicant where the old file went.
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
    log: Logger,
  ) {
    this.#store = store
    this.#log = log
  }

  /** `dataDir` is the app's userData folder. */
  static async open(dataDir: string, options: { log?: Logger; now?: () => Date } = {}): Promise<ElectronStoreSettingsBackend> {
    const log = options.log ?? consoleLogger
    const recoveredFrom = await backUpIfDamaged(join(dataDir, SETTINGS_FILE_NAME), StoredSettings, options.now)
    if (recoveredFrom) log.warn(`the settings file was damaged; it was moved to ${recoveredFrom} and defaults are used`)
    const store = new Store<Record<string, unknown>>({
      name: 'settings',
      cwd: dataDir,
      // Never wipe a file silently: a file damaged while the app runs makes reads fail
      // (answered below), and the next start moves it aside and tells the applicant.
      clearInvalidConfig: false,
    })
    return new ElectronStoreSettingsBackend(store, recoveredFrom, log)
  }

  get file(): string {
    return this.#store.path
  }

  keepCopy(): Promise<string | null> {
    return copyAside(this.#store.path)
  }

  async read(): Promise<unknown> {
    try {
      return { ...this.#store.store }
    } catch (error) {
      // SettingsService falls back to the defaults for anything it cannot read.
      this.#log.warn(`the settings file ${this.#store.path} could not be read`, error)
      return {}
    }
  }

  async write(values: SettingsValues): Promise<void> {
    // Replacing the whole object drops keys of older versions that no longer mean anything.
    this.#store.store = { ...values }
  }
}
