/**
 * The Electron shell's `SecretStore`: credentials encrypted by the OS keychain through
 * Electron's `safeStorage`, in a 0600 file in the app's data folder. Where the keychain
 * cannot protect them — encryption unavailable, or Linux without a secret service, where
 * safeStorage falls back to a hard-coded key (`basic_text`) — they are kept in memory only,
 * and `session.status` says so through the store's `kind`.
 */
import { mkdir, rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { SafeStorage } from 'electron'
import writeFileAtomic from 'write-file-atomic'
import { consoleLogger, type Logger } from '../core/errors'
import { type CredentialBook, MemorySecretStore, type SecretStore, UnreadableSecrets, readSecretsFile, setSecretsFileAside } from '../core/secret-store'

export type SafeStoragePort = Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString' | 'getSelectedStorageBackend'>

export class SafeStorageSecretStore implements SecretStore {
  readonly kind = 'encrypted' as const

  constructor(
    readonly file: string,
    private readonly safeStorage: SafeStoragePort,
    private readonly log: Logger = consoleLogger,
  ) {}

  async load(): Promise<unknown> {
    const bytes = await readSecretsFile(this.file)
    if (bytes === null) return null
    try {
      return JSON.parse(this.safeStorage.decryptString(bytes))
    } catch (error) {
      // A changed keychain (new OS user profile, reset keyring) makes old ciphertext
      // unreadable for good; the book sets the file aside and asks for a new login.
      this.log.warn(`the stored logins in ${this.file} could not be decrypted`, error)
      throw new UnreadableSecrets(`${this.file} could not be decrypted`, { cause: error })
    }
  }

  async save(book: CredentialBook): Promise<void> {
    const encrypted = this.safeStorage.encryptString(JSON.stringify(book))
    await mkdir(dirname(this.file), { recursive: true })
    // An explicit mode also replaces the mode of an existing file (write-file-atomic chmods its temp file).
    await writeFileAtomic(this.file, encrypted, { mode: 0o600 })
  }

  async clear(): Promise<void> {
    await rm(this.file, { force: true })
  }

  setAside(): Promise<string | null> {
    return setSecretsFileAside(this.file)
  }
}

/** Linux backends under which safeStorage's "encryption" protects nothing. */
const UNPROTECTED_LINUX_BACKENDS = new Set(['basic_text', 'unknown'])

export interface ChooseSecretStoreOptions {
  /** Default `process.platform`; `getSelectedStorageBackend` exists on Linux only. */
  platform?: NodeJS.Platform
  log?: Logger
}

/** Must be called after `app` is ready: before that, safeStorage reports itself unavailable. */
export function chooseSecretStore(safeStorage: SafeStoragePort, file: string, options: ChooseSecretStoreOptions = {}): SecretStore {
  const platform = options.platform ?? process.platform
  const log = options.log ?? consoleLogger
  if (!safeStorage.isEncryptionAvailable()) {
    log.warn('the system keychain is not available; the login will be kept in memory only')
    return new MemorySecretStore()
  }
  if (platform === 'linux') {
    const backend = safeStorage.getSelectedStorageBackend()
    if (UNPROTECTED_LINUX_BACKENDS.has(backend)) {
      log.warn(`no secret service is available (safeStorage backend "${backend}"); the login will be kept in memory only`)
      return new MemorySecretStore()
    }
  }
  return new SafeStorageSecretStore(file, safeStorage, log)
}
