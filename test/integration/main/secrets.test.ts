/**
 * Credentials in the Electron shell (src/main/adapters/safe-storage-secrets.ts), against the
 * fake `electron` module's safeStorage (reversible fake encryption; the binary cannot run here).
 */
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SafeStorageSecretStore, chooseSecretStore } from '../../../src/main/adapters/safe-storage-secrets'
import type { Logger } from '../../../src/main/core/errors'
import { CredentialVault } from '../../../src/main/core/credentials'
import { CREDENTIAL_BOOK_FORMAT, MemorySecretStore, UnreadableSecrets } from '../../../src/main/core/secret-store'
import { Session } from '../../../src/main/core/session'
import { CoreEvents } from '../../../src/main/core/events'
import type { ServiceClient } from '../../../src/main/core/service-client'
import { fake, safeStorage } from '../../support/fake-electron'
import { tempDir } from '../../support/service'

const CREDENTIALS = { email: 'ada@example.org', accessToken: 'access-token-SECRET-1234', apiKey: 'api-key-SECRET-5678' }
const ORIGIN = 'https://grants.example.org'
const BOOK = { format: CREDENTIAL_BOOK_FORMAT, services: { [ORIGIN]: CREDENTIALS } }

let dir: string
let file: string
let warnings: string[]
const log: Logger = { warn: (message) => warnings.push(message), error: (message) => warnings.push(message) }

beforeEach(() => {
  fake.reset()
  dir = tempDir('grant-desk-secrets-')
  file = join(dir, 'credentials.bin')
  warnings = []
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('chooseSecretStore', () => {
  it('keeps credentials in memory when encryption is unavailable', () => {
    fake.encryptionAvailable = false
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      const store = chooseSecretStore(safeStorage, file, { platform, log })
      expect(store, platform).toBeInstanceOf(MemorySecretStore)
      expect(store.kind).toBe('memory')
    }
  })

  it('keeps credentials in memory on Linux without a secret service (basic_text or unknown)', () => {
    for (const backend of ['basic_text', 'unknown'] as const) {
      fake.storageBackend = backend
      expect(chooseSecretStore(safeStorage, file, { platform: 'linux', log }).kind, backend).toBe('memory')
    }
    expect(warnings.join('\n')).toContain('basic_text')
  })

  it('encrypts with a real keychain backend, and ignores the Linux backend elsewhere', () => {
    for (const backend of ['gnome_libsecret', 'kwallet5', 'kwallet6'] as const) {
      fake.storageBackend = backend
      const store = chooseSecretStore(safeStorage, file, { platform: 'linux', log })
      expect(store, backend).toBeInstanceOf(SafeStorageSecretStore)
      expect(store.kind).toBe('encrypted')
    }
    fake.storageBackend = 'basic_text' // getSelectedStorageBackend is Linux-only; elsewhere it means nothing
    expect(chooseSecretStore(safeStorage, file, { platform: 'darwin', log }).kind).toBe('encrypted')
  })

  it('makes session.status tell the applicant where the login is kept', async () => {
    const status = async () => {
      const vault = new CredentialVault({ store: chooseSecretStore(safeStorage, file, { platform: 'linux', log }), currentOrigin: async () => ORIGIN, log })
      const session = new Session({ vault, client: {} as ServiceClient, events: new CoreEvents(), log, serviceUrl: async () => ORIGIN })
      return session.status()
    }
    fake.storageBackend = 'basic_text'
    expect(await status()).toMatchObject({ storage: 'memory', storageNote: expect.stringMatching(/only in memory/) })
    fake.storageBackend = 'gnome_libsecret'
    expect(await status()).toMatchObject({ storage: 'encrypted', storageNote: expect.stringMatching(/encrypted/) })
  })
})

describe('SafeStorageSecretStore', () => {
  const store = () => new SafeStorageSecretStore(file, safeStorage, log)

  it('round-trips credentials through a fresh store (as after a restart)', async () => {
    expect(await store().load()).toBeNull()
    await store().save(BOOK)
    expect(await store().load()).toEqual(BOOK)
  })

  it('writes a 0600 file with no secret in clear text', async () => {
    await store().save(BOOK)
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)
    const bytes = readFileSync(file)
    for (const secret of [CREDENTIALS.accessToken, CREDENTIALS.apiKey, CREDENTIALS.email]) {
      expect(bytes.includes(secret), secret).toBe(false)
    }
    expect(safeStorage.decryptString(bytes)).toContain(CREDENTIALS.accessToken) // it is the keychain's ciphertext
  })

  it('tightens the mode of an existing, too open file', async () => {
    writeFileSync(file, 'old', { mode: 0o644 })
    await store().save(BOOK)
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)
  })

  it('clear() removes the file, and clearing twice is fine', async () => {
    await store().save(BOOK)
    await store().clear()
    expect(existsSync(file)).toBe(false)
    await store().clear()
    expect(await store().load()).toBeNull()
  })

  it('reports a file that fails to decrypt as unreadable, and logs it', async () => {
    writeFileSync(file, 'ciphertext from another keychain')
    await expect(store().load()).rejects.toBeInstanceOf(UnreadableSecrets)
    expect(warnings.join('\n')).toMatch(/could not be decrypted/)
  })

  it('through the credential vault: an undecryptable file is set aside (kept, not deleted) and the applicant is told', async () => {
    writeFileSync(file, 'ciphertext from another keychain')
    const vault = new CredentialVault({ store: store(), currentOrigin: async () => ORIGIN, log })
    expect(await vault.get(ORIGIN)).toBeNull()
    expect(vault.notice).toMatch(/could not be read, so you need to log in again\. The old file was kept as .*credentials\.bin\.damaged-/)
    expect(existsSync(file)).toBe(false)
    const kept = readdirSync(dir).filter((name) => name.startsWith('credentials.bin.damaged-'))
    expect(kept).toHaveLength(1)
    expect(readFileSync(join(dir, kept[0]!), 'utf8')).toBe('ciphertext from another keychain')
    // A new login works and clears the notice.
    await vault.put(ORIGIN, CREDENTIALS)
    expect(vault.notice).toBeNull()
    expect(await store().load()).toEqual(BOOK)
  })

  it('through the credential vault: decrypted data of the wrong shape is set aside too', async () => {
    writeFileSync(file, safeStorage.encryptString(JSON.stringify({ email: 'a@b.c' })))
    const vault = new CredentialVault({ store: store(), currentOrigin: async () => ORIGIN, log })
    expect(await vault.get(ORIGIN)).toBeNull()
    expect(vault.notice).toMatch(/unexpected shape/)
    expect(readdirSync(dir).some((name) => name.startsWith('credentials.bin.damaged-'))).toBe(true)
  })

  it('through the credential vault: a login saved before logins were keyed moves to the address in use', async () => {
    writeFileSync(file, safeStorage.encryptString(JSON.stringify(CREDENTIALS)))
    const vault = new CredentialVault({ store: store(), currentOrigin: async () => ORIGIN, log })
    expect(await vault.get(ORIGIN)).toEqual(CREDENTIALS)
    expect(await vault.get('https://elsewhere.example.org')).toBeNull()
    expect(await store().load()).toEqual(BOOK)
    expect(vault.notice).toBeNull()
  })
})
