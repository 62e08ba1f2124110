/**
 * Where the session's credentials live. A port: the Electron shell provides one over
 * safeStorage (encrypted on disk), the browser host one over a 0600 file, and either falls
 * back to memory. The core never knows which, except through `kind` for `session.status`.
 */
import { mkdir, readFile, rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { z } from 'zod'
import type { CredentialStorage } from '../../shared/ipc'

export const StoredCredentials = z.object({
  email: z.string(),
  accessToken: z.string().min(1),
  apiKey: z.string().min(1),
})
export type StoredCredentials = z.infer<typeof StoredCredentials>

export interface SecretStore {
  readonly kind: CredentialStorage
  load(): Promise<StoredCredentials | null>
  save(credentials: StoredCredentials): Promise<void>
  clear(): Promise<void>
}

/** Kept for this run only: nothing is written anywhere. */
export class MemorySecretStore implements SecretStore {
  readonly kind = 'memory' as const
  #credentials: StoredCredentials | null = null

  async load(): Promise<StoredCredentials | null> {
    return this.#credentials
  }

  async save(credentials: StoredCredentials): Promise<void> {
    this.#credentials = { ...credentials }
  }

  async clear(): Promise<void> {
    this.#credentials = null
  }
}

/**
 * A plain JSON file readable only by its owner (mode 0600). For the development browser
 * host, which has no OS keychain to encrypt with; the README says so plainly.
 */
export class PlainFileSecretStore implements SecretStore {
  readonly kind = 'plain-file' as const
  constructor(readonly file: string) {}

  async load(): Promise<StoredCredentials | null> {
    let text: string
    try {
      text = await readFile(this.file, 'utf8')
    } catch {
      return null
    }
    try {
      const parsed = StoredCredentials.safeParse(JSON.parse(text))
      return parsed.success ? parsed.data : null
    } catch {
      return null // unreadable credentials are as good as none: the applicant logs in again
    }
  }

  async save(credentials: StoredCredentials): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true })
    // An explicit mode is applied even when the file already existed with a looser one.
    await writeFileAtomic(this.file, JSON.stringify(credentials), { mode: 0o600 })
  }

  async clear(): Promise<void> {
    await rm(this.file, { force: true })
  }
}
