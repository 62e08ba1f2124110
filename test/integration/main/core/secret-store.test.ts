/**
 * The browser host's credentials file: readable by its owner only, unreadable contents
 * reported as such (the credential vault sets them aside), erased on clear.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CREDENTIAL_BOOK_FORMAT, PlainFileSecretStore, UnreadableSecrets } from '../../../../src/main/core/secret-store'
import { tempDir } from '../../../support/service'

const CREDENTIALS = { email: 'ada@example.test', accessToken: 'gst_abc', apiKey: 'gsk_def' }
const book = (accessToken = 'gst_abc') => ({ format: CREDENTIAL_BOOK_FORMAT, services: { 'http://127.0.0.1:8787': { ...CREDENTIALS, accessToken } } })

describe('PlainFileSecretStore', () => {
  it('writes a 0600 file, even over an existing looser one, and reads it back', async () => {
    const file = join(tempDir(), 'nested', 'credentials.json')
    const store = new PlainFileSecretStore(file)
    expect(store.kind).toBe('plain-file')
    expect(await store.load()).toBeNull()
    await store.save(book())
    expect(statSync(file).mode & 0o777).toBe(0o600)
    await chmod(file, 0o644)
    await store.save(book('gst_new'))
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(await store.load()).toEqual(book('gst_new'))
  })

  it('reports a file that is not JSON, or a folder in its place, as unreadable', async () => {
    const dir = tempDir()
    const file = join(dir, 'credentials.json')
    const store = new PlainFileSecretStore(file)
    await writeFile(file, '{"email": "ada@example.test", "accessToken": ')
    await expect(store.load()).rejects.toBeInstanceOf(UnreadableSecrets)
    const folder = join(dir, 'folder.json')
    await mkdir(folder)
    await expect(new PlainFileSecretStore(folder).load()).rejects.toBeInstanceOf(UnreadableSecrets)
  })

  it('sets a file aside under a .damaged name, keeping its bytes', async () => {
    const dir = tempDir()
    const file = join(dir, 'credentials.json')
    const store = new PlainFileSecretStore(file)
    expect(await store.setAside()).toBeNull() // nothing stored: nothing to set aside
    await writeFile(file, 'garbage \u0000\u0001')
    const backup = await store.setAside()
    expect(backup).toMatch(/credentials\.json\.damaged-\d{4}-/)
    expect(existsSync(file)).toBe(false)
    expect(await readFile(backup!, 'utf8')).toBe('garbage \u0000\u0001')
    expect(readdirSync(dir)).toHaveLength(1)
  })

  it('erases the file on clear', async () => {
    const file = join(tempDir(), 'credentials.json')
    const store = new PlainFileSecretStore(file)
    await store.save(book())
    expect(await readFile(file, 'utf8')).toContain('gst_abc')
    await store.clear()
    await expect(readFile(file, 'utf8')).rejects.toThrow(/ENOENT/)
    await store.clear() // clearing twice is fine
    expect(await store.load()).toBeNull()
  })
})
