/**
 * Credentials in the Electron shell (src/main/adapters/safe-storage-secrets.ts), against the
 * fake `electron` module's safeStorage (reversible fake encryption; the binary cannot run here).
 */
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SafeStorageSecretStore, chooseSecretStore } from '../../../src/main/adapters/safe-storage-secrets'
import type { Logger } from '../../../src/main/core/errors'
import { MemorySecretStore } from '../../../src/main/core/secret-store'
import { Session } from '../../../src/main/core/session'
import { CoreEvents } from '../../../src/main/core/events'
import type { ServiceClient } from '../../../src/main/core/service-client'
import { fake, safeStorage } from '../../support/fake-electron'
import { tempDir } from '../../support/service'

const CREDENTIALS = { email: 'ada@example.org', accessToken: 'access-token-SECRET-1234', apiKey: 'api-key-SECRET-5678' }

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
      const session = new Session({ secrets: chooseSecretStore(safeStorage, file, { platform: 'linux', log }), client: {} as ServiceClient, events: new CoreEvents(), log })
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
    await store().save(CREDENTIALS)
    expect(await store().load()).toEqual(CREDENTIALS)
  })

  it('writes a 0600 file with no secret in clear text', async () => {
    await store().save(CREDENTIALS)
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)
    const bytes = readFileSync(file)
    for (const secret of [CREDENTIALS.accessToken, CREDENTIALS.apiKey, CREDENTIALS.email]) {
      expect(bytes.includes(secret), secret).toBe(false)
    }
    expect(safeStorage.decryptString(bytes)).toContain(CREDENTIALS.accessToken) // it is the keychain's ciphertext
  })

  it('tightens the mode of an existing, too open file', async () => {
    writeFileSync(file, 'old', { mode: 0o644 })
    await store().save(CREDENTIALS)
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)
  })

  it('clear() removes the file, and clearing twice is fine', async () => {
    await store().save(CREDENTIALS)
    await store().clear()
    expect(existsSync(file)).toBe(false)
    await store().clear()
    expect(await store().load()).toBeNull()
  })

  it('reads a file that fails to decrypt as logged out, and logs it', async () => {
    writeFileSync(file, 'ciphertext from another keychain')
    expect(await store().load()).toBeNull()
    expect(warnings.join('\n')).toMatch(/could not be decrypted/)
  })

  it('reads decrypted data of the wrong shape as logged out', async () => {
    writeFileSync(file, safeStorage.encryptString(JSON.stringify({ email: 'a@b.c' })))
    expect(await store().load()).toBeNull()
    expect(warnings).toHaveLength(1)
  })
})
