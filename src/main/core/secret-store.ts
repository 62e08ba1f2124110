/**
 * Where the session's credentials live. A port: the Electron shell provides one over
 * safeStorage (encrypted on disk), the browser host one over a 0600 file, and either falls
 * back to memory. The core never knows which, except through `kind` for `session.status`.
 *
 * A store keeps one value, the credential book (src/main/core/credentials.ts reads it):
 * credentials keyed by the service origin that issued them. Stores only move bytes; what
 * the bytes mean, and what to do when they mean nothing, is decided by the book.
 */
import { mkdir, readFile, rename, rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { z } from 'zod'
import type { CredentialStorage } from '../../shared/ipc'

/** One service's login: what `POST /api/auth/login` answered, and for whom. */
export const ServiceCredentials = z.object({
  email: z.string(),
  accessToken: z.string().min(1),
  apiKey: z.string().min(1),
})
export type ServiceCredentials = z.infer<typeof ServiceCredentials>

/** Before credentials were keyed by origin, a store held one login for whatever address was set. */
export const LegacyCredentials = ServiceCredentials

export const CREDENTIAL_BOOK_FORMAT = 'grant-desk-credentials/2' as const

/** Every kept login, keyed by the normalised origin of the service that issued it (service-address.ts). */
export const CredentialBook = z.object({
  format: z.literal(CREDENTIAL_BOOK_FORMAT),
  services: z.record(z.string(), ServiceCredentials),
})
export type CredentialBook = z.infer<typeof CredentialBook>

/** Something is stored, but it cannot be read as JSON at all (damaged, or encrypted by another keychain). */
export class UnreadableSecrets extends Error {
  override readonly name = 'UnreadableSecrets'
}

export interface SecretStore {
  readonly kind: CredentialStorage
  /** The stored value, parsed; null when nothing is stored. Throws `UnreadableSecrets` when what is stored cannot be read. */
  load(): Promise<unknown>
  save(book: CredentialBook): Promise<void>
  clear(): Promise<void>
  /** Moves what is stored aside, never deleting it; answers the backup's path (null when nothing was stored). */
  setAside(): Promise<string | null>
}

/** Kept for this run only: nothing is written anywhere. */
export class MemorySecretStore implements SecretStore {
  readonly kind = 'memory' as const
  #value: unknown = null

  load(): Promise<unknown> {
    return Promise.resolve(this.#value === null ? null : structuredClone(this.#value))
  }

  save(book: CredentialBook): Promise<void> {
    this.#value = structuredClone(book)
    return Promise.resolve()
  }

  clear(): Promise<void> {
    this.#value = null
    return Promise.resolve()
  }

  setAside(): Promise<string | null> {
    this.#value = null
    return Promise.resolve(null)
  }
}

/** `settings.json.damaged-2026-11-24T06-40-00-000Z`: beside the file, so the applicant finds it (any damaged file of the app's). */
export function damagedName(file: string, now: Date = new Date()): string {
  return `${file}.damaged-${now.toISOString().replace(/[:.]/g, '-')}`
}

/** Reads a small secrets file; null when it does not exist. */
export async function readSecretsFile(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    // A folder in its place, no permission: stored, but unreadable.
    throw new UnreadableSecrets(`${file} cannot be read: ${(error as Error).message}`, { cause: error })
  }
}

export async function setSecretsFileAside(file: string): Promise<string | null> {
  const backup = damagedName(file)
  try {
    await rename(file, backup)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  return backup
}

/**
 * A plain JSON file readable only by its owner (mode 0600). For the development browser
 * host, which has no OS keychain to encrypt with; the README says so plainly.
 */
export class PlainFileSecretStore implements SecretStore {
  readonly kind = 'plain-file' as const
  constructor(readonly file: string) {}

  async load(): Promise<unknown> {
    const bytes = await readSecretsFile(this.file)
    if (bytes === null) return null
    try {
      return JSON.parse(bytes.toString('utf8'))
    } catch (error) {
      throw new UnreadableSecrets(`${this.file} is not JSON`, { cause: error })
    }
  }

  async save(book: CredentialBook): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true })
    // An explicit mode is applied even when the file already existed with a looser one.
    await writeFileAtomic(this.file, JSON.stringify(book), { mode: 0o600 })
  }

  async clear(): Promise<void> {
    await rm(this.file, { force: true })
  }

  setAside(): Promise<string | null> {
    return setSecretsFileAside(this.file)
  }
}
