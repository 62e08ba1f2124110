/**
 * The browser host's credentials file: readable by its owner only, unreadable contents treated
 * as logged out, and erased on logout.
 */
import { statSync } from 'node:fs'
import { chmod, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PlainFileSecretStore } from '../../../../src/main/core/secret-store'
import { tempDir } from '../../../support/service'

const CREDENTIALS = { email: 'ada@example.test', accessToken: 'gst_abc', apiKey: 'gsk_def' }

describe('PlainFileSecretStore', () => {
  it('writes a 0600 file, even over an existing looser one, and reads it back', async () => {
    const file = join(tempDir(), 'nested', 'credentials.json')
    const store = new PlainFileSecretStore(file)
    expect(store.kind).toBe('plain-file')
    expect(await store.load()).toBeNull()
    await store.save(CREDENTIALS)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    await chmod(file, 0o644)
    await store.save({ ...CREDENTIALS, accessToken: 'gst_new' })
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(await store.load()).toEqual({ ...CREDENTIALS, accessToken: 'gst_new' })
  })

  it('treats a damaged or wrong-shaped file as logged out', async () => {
    const file = join(tempDir(), 'credentials.json')
    const store = new PlainFileSecretStore(file)
    await writeFile(file, '{"email": "ada@example.test", "accessToken": ')
    expect(await store.load()).toBeNull()
    await writeFile(file, JSON.stringify({ email: 'ada@example.test', accessToken: '' }))
    expect(await store.load()).toBeNull()
  })

  it('erases the file on clear', async () => {
    const file = join(tempDir(), 'credentials.json')
    const store = new PlainFileSecretStore(file)
    await store.save(CREDENTIALS)
    expect(await readFile(file, 'utf8')).toContain('gst_abc')
    await store.clear()
    await expect(readFile(file, 'utf8')).rejects.toThrow(/ENOENT/)
    await store.clear() // clearing twice is fine
    expect(await store.load()).toBeNull()
  })
})
