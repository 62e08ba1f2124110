/**
 * The applicant's logins, each kept for the service origin that issued it. Credentials are
 * only ever handed out for one origin, so a changed service address means "not logged in"
 * there, and the old address's token and api key can never be sent to the new one. Logins for
 * other addresses are kept (switching back needs no new login) until erased from Settings.
 *
 * Reading is forgiving and loses nothing: a store written before logins were keyed (one login,
 * no origin) is moved to the origin of the address in use when it is first read, which is the
 * address it was made for unless the address changed before this version ran; anything else
 * unreadable is set aside (backed up, never deleted) and reported once as a notice.
 */
import { type Logger } from './errors'
import { CREDENTIAL_BOOK_FORMAT, CredentialBook, LegacyCredentials, type SecretStore, type ServiceCredentials } from './secret-store'

export interface CredentialVaultOptions {
  store: SecretStore
  /** The origin of the address in use (for moving a legacy login to it); null when the address is not a web address. */
  currentOrigin: () => Promise<string | null>
  log: Logger
}

export class CredentialVault {
  readonly #store: SecretStore
  readonly #currentOrigin: () => Promise<string | null>
  readonly #log: Logger
  #notice: string | null = null
  /** One read (and repair) at a time: two first calls must not both migrate or set aside. */
  #reading: Promise<CredentialBook> | null = null

  constructor(options: CredentialVaultOptions) {
    this.#store = options.store
    this.#currentOrigin = options.currentOrigin
    this.#log = options.log
  }

  get kind(): SecretStore['kind'] {
    return this.#store.kind
  }

  /** Set once when stored logins could not be read and were set aside; cleared by the next login. */
  get notice(): string | null {
    return this.#notice
  }

  async get(origin: string | null): Promise<ServiceCredentials | null> {
    if (origin === null) return null
    const book = await this.#read()
    return Object.hasOwn(book.services, origin) ? book.services[origin]! : null
  }

  /** Logins kept for origins other than `origin`, sorted by origin. */
  async others(origin: string | null): Promise<{ service: string; email: string }[]> {
    const book = await this.#read()
    return Object.entries(book.services)
      .filter(([key]) => key !== origin)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([service, credentials]) => ({ service, email: credentials.email }))
  }

  async put(origin: string, credentials: ServiceCredentials): Promise<void> {
    const book = await this.#read()
    await this.#write({ ...book, services: { ...book.services, [origin]: { ...credentials } } })
    this.#notice = null
  }

  /** Erases one origin's login; the others stay. */
  async remove(origin: string): Promise<void> {
    const book = await this.#read()
    if (!Object.hasOwn(book.services, origin)) return
    const services = { ...book.services }
    delete services[origin]
    await this.#write({ ...book, services })
  }

  async #write(book: CredentialBook): Promise<void> {
    if (Object.keys(book.services).length === 0) await this.#store.clear()
    else await this.#store.save(book)
  }

  /** Read afresh each time (a small file): what is on disk is what counts, whoever wrote it. */
  #read(): Promise<CredentialBook> {
    this.#reading ??= this.#load().finally(() => {
      this.#reading = null
    })
    return this.#reading
  }

  async #load(): Promise<CredentialBook> {
    const empty: CredentialBook = { format: CREDENTIAL_BOOK_FORMAT, services: {} }
    let stored: unknown
    try {
      stored = await this.#store.load()
    } catch (error) {
      this.#log.warn('the stored logins could not be read', error)
      return this.#setAside(empty, 'could not be read')
    }
    if (stored === null || stored === undefined) return empty

    const book = CredentialBook.safeParse(stored)
    if (book.success) {
      // A key that is not an origin is never asked for (`get` takes normalised origins only).
      return book.data
    }

    const legacy = LegacyCredentials.safeParse(stored)
    if (legacy.success) {
      const origin = await this.#currentOrigin()
      if (origin === null) {
        // Nobody can tell which service it was for: asking for a new login is the safe answer.
        this.#log.warn('a login kept before logins were tied to a service address was dropped: the address in Settings is not a web address')
        this.#notice =
          'Your saved login was made before Grant Desk tied logins to a service address, and the address in Settings is not a web address, so it was not kept. Log in again.'
        try {
          await this.#store.clear()
        } catch (error) {
          this.#log.error('the old login could not be erased', error)
        }
        return empty
      }
      const migrated: CredentialBook = { format: CREDENTIAL_BOOK_FORMAT, services: { [origin]: legacy.data } }
      try {
        await this.#store.save(migrated)
      } catch (error) {
        // Kept in memory for this run; the next start migrates again.
        this.#log.warn('the login could not be rewritten in the keyed format', error)
      }
      return migrated
    }

    this.#log.warn('the stored logins have an unexpected shape')
    return this.#setAside(empty, 'had an unexpected shape')
  }

  async #setAside(empty: CredentialBook, what: string): Promise<CredentialBook> {
    let backup: string | null = null
    try {
      backup = await this.#store.setAside()
    } catch (error) {
      this.#log.error('the unreadable logins could not be set aside', error)
    }
    this.#notice =
      backup === null
        ? `Your saved login ${what}, so you need to log in again.`
        : `Your saved login ${what}, so you need to log in again. The old file was kept as ${backup}.`
    return empty
  }
}
