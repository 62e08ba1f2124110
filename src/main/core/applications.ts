/**
 * The record of applications sent from this machine: the service cannot list them, so this
 * file is the only place the applicant can see what they applied to and when.
 *
 * A damaged file is moved aside (and logged) rather than dropped or overwritten: it is the
 * applicant's history, and they may want it back by hand.
 */
import { mkdir, readFile, rename } from 'node:fs/promises'
import { dirname } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { z } from 'zod'
import { issueMessages } from '../../shared/api'
import { ApplicationRecord } from '../../shared/ipc'
import { AppFailure, consoleLogger, type Logger } from './errors'
import { Mutex } from './locks'

const APPLICATIONS_FORMAT = 1

const ApplicationsFile = z.object({
  format: z.literal(APPLICATIONS_FORMAT),
  items: z.array(ApplicationRecord),
})

function newestFirst(a: ApplicationRecord, b: ApplicationRecord): number {
  return Date.parse(b.submittedAt) - Date.parse(a.submittedAt) || a.applicationId.localeCompare(b.applicationId)
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined
}

export class ApplicationsLog {
  readonly #file: string
  readonly #log: Logger
  readonly #now: () => Date
  /** Every operation runs after the previous one, so two records cannot lose each other's write. */
  readonly #queue = new Mutex()

  constructor(file: string, options: { log?: Logger; now?: () => Date } = {}) {
    this.#file = file
    this.#log = options.log ?? consoleLogger
    this.#now = options.now ?? (() => new Date())
  }

  /** Newest `submittedAt` first. */
  list(): Promise<ApplicationRecord[]> {
    return this.#serial(async () => (await this.#read()).sort(newestFirst))
  }

  /**
   * Adds the application, or updates the one with the same `applicationId`: a re-record keeps
   * the first `submittedAt` (when it was really sent) and fills `draftId` if it was unknown.
   */
  record(entry: ApplicationRecord): Promise<ApplicationRecord> {
    const parsed = ApplicationRecord.safeParse(entry)
    if (!parsed.success) {
      return Promise.reject(
        new AppFailure('invalid_input', 'This application cannot be recorded: some of its details are not valid.', { fields: issueMessages(parsed.error) }),
      )
    }
    const incoming = parsed.data
    return this.#serial(async () => {
      const items = await this.#read()
      const index = items.findIndex((item) => item.applicationId === incoming.applicationId)
      const existing = index >= 0 ? items[index] : undefined
      const stored: ApplicationRecord = existing ? { ...incoming, submittedAt: existing.submittedAt, draftId: existing.draftId ?? incoming.draftId } : incoming
      if (index >= 0) items[index] = stored
      else items.push(stored)
      await this.#write(items.sort(newestFirst))
      return stored
    })
  }

  /** The newest application to this grant, or null. */
  async find(grantId: string): Promise<ApplicationRecord | null> {
    return (await this.list()).find((item) => item.grantId === grantId) ?? null
  }

  #serial<T>(operation: () => Promise<T>): Promise<T> {
    return this.#queue.runExclusive(operation)
  }

  async #read(): Promise<ApplicationRecord[]> {
    let text: string
    try {
      text = await readFile(this.#file, 'utf8')
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return []
      throw new AppFailure(
        'storage_error',
        `Could not read the record of your applications, ${this.#file} (${error instanceof Error ? error.message : String(error)}). Check that the app's data folder is readable, then try again.`,
        {},
        { cause: error },
      )
    }
    let problem: string
    try {
      const parsed = ApplicationsFile.safeParse(JSON.parse(text))
      if (parsed.success) return parsed.data.items
      problem = Object.entries(issueMessages(parsed.error))
        .map(([path, message]) => `${path}: ${message}`)
        .join('; ')
    } catch (error) {
      problem = `not valid JSON: ${error instanceof Error ? error.message : String(error)}`
    }
    await this.#moveAside(problem)
    return []
  }

  async #moveAside(problem: string): Promise<void> {
    const backup = `${this.#file}.damaged-${this.#now().toISOString().replace(/[:.]/g, '-')}`
    try {
      await rename(this.#file, backup)
    } catch (error) {
      // Starting empty would overwrite the only copy on the next record: refuse instead.
      throw new AppFailure(
        'storage_error',
        `The record of your applications, ${this.#file}, is damaged and could not be moved aside (${error instanceof Error ? error.message : String(error)}). Move or repair the file by hand, then try again.`,
        {},
        { cause: error },
      )
    }
    this.#log.warn(`the applications record ${this.#file} was damaged (${problem}); it was moved to ${backup} and a new, empty record was started`)
  }

  async #write(items: ApplicationRecord[]): Promise<void> {
    try {
      await mkdir(dirname(this.#file), { recursive: true })
      await writeFileAtomic(this.#file, `${JSON.stringify({ format: APPLICATIONS_FORMAT, items }, null, 2)}\n`)
    } catch (error) {
      throw new AppFailure(
        'storage_error',
        `Could not save the record of your applications to ${this.#file} (${error instanceof Error ? error.message : String(error)}). Check that the app's data folder is writable and the disk is not full, then try again. The application itself was sent.`,
        {},
        { cause: error },
      )
    }
  }
}
