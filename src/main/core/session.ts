/**
 * The applicant's session: login, logout, and running an authenticated request with the
 * stored credentials. The access token is tried first; when the service refuses it the api
 * key is tried once; when that is refused too the credentials are dead, so they are erased,
 * `session.expired` is raised, and the action fails with `session_expired` — the caller keeps
 * everything the applicant typed and can repeat the action after logging in.
 */
import type { LoginRequest } from '../../shared/api'
import type { SessionStatus } from '../../shared/ipc'
import { AppFailure, isFailure, type Logger } from './errors'
import type { CoreEvents } from './events'
import type { SecretStore } from './secret-store'
import type { ServiceClient } from './service-client'

const STORAGE_NOTES: Record<SecretStore['kind'], string> = {
  encrypted: 'Your login is kept encrypted on this computer by the system keychain.',
  memory: 'Your login is kept only in memory: you will need to log in again the next time Grant Desk starts.',
  'plain-file': 'Your login is kept in a file only your user account can read, but it is not encrypted (development browser host).',
}

export const SESSION_EXPIRED_MESSAGE =
  'Your session has expired. Log in again, then repeat the action — nothing you typed was lost.'

export class Session {
  readonly #secrets: SecretStore
  readonly #client: ServiceClient
  readonly #events: CoreEvents
  readonly #log: Logger
  /** The last email that was logged in, kept after an expiry to prefill the login form. */
  #lastEmail: string | null = null
  /** Set when the service refused the access token: go straight to the api key from then on. */
  #accessTokenRefused = false

  constructor(options: { secrets: SecretStore; client: ServiceClient; events: CoreEvents; log: Logger }) {
    this.#secrets = options.secrets
    this.#client = options.client
    this.#events = options.events
    this.#log = options.log
  }

  async status(): Promise<SessionStatus> {
    const credentials = await this.#load()
    return {
      loggedIn: credentials !== null,
      email: credentials?.email ?? this.#lastEmail,
      storage: this.#secrets.kind,
      storageNote: STORAGE_NOTES[this.#secrets.kind],
    }
  }

  async login(request: LoginRequest): Promise<SessionStatus> {
    const email = request.email.trim()
    let credentials
    try {
      credentials = await this.#client.login({ email, password: request.password })
    } catch (error) {
      if (isFailure(error, 'unauthorized')) {
        throw new AppFailure('unauthorized', 'That email and password do not match an account on the grant service. Check both and try again.', {}, { cause: error })
      }
      throw error
    }
    try {
      await this.#secrets.save({ email, accessToken: credentials.access_token, apiKey: credentials.api_key })
    } catch (error) {
      throw new AppFailure('storage_error', 'You are logged in, but Grant Desk could not store your login. Check that its data folder is writable, then log in again.', {}, { cause: error })
    }
    this.#lastEmail = email
    this.#accessTokenRefused = false
    return this.status()
  }

  async logout(): Promise<SessionStatus> {
    try {
      await this.#secrets.clear()
    } catch (error) {
      throw new AppFailure('storage_error', 'Grant Desk could not erase your stored login. Check that its data folder is writable, then log out again.', {}, { cause: error })
    }
    this.#accessTokenRefused = false
    return this.status()
  }

  /**
   * Runs `action` with a bearer token: the access token, then once the api key. `action`
   * must throw `AppFailure('unauthorized')` when the service refuses the token.
   */
  async authorized<T>(action: (token: string) => Promise<T>): Promise<T> {
    const credentials = await this.#load()
    if (!credentials) {
      throw new AppFailure('unauthorized', 'You are not logged in. Log in, then try again — nothing you typed was lost.')
    }
    if (!this.#accessTokenRefused) {
      try {
        return await action(credentials.accessToken)
      } catch (error) {
        if (!isFailure(error, 'unauthorized')) throw error
        this.#accessTokenRefused = true
      }
    }
    try {
      return await action(credentials.apiKey)
    } catch (error) {
      if (!isFailure(error, 'unauthorized')) throw error
      await this.#expire(credentials.email)
      throw new AppFailure('session_expired', SESSION_EXPIRED_MESSAGE, {}, { cause: error })
    }
  }

  async #load() {
    try {
      const credentials = await this.#secrets.load()
      if (credentials) this.#lastEmail = credentials.email
      return credentials
    } catch (error) {
      // Unreadable credentials (a keychain that changed, a damaged file) mean: log in again.
      this.#log.warn('stored credentials could not be read', error)
      return null
    }
  }

  async #expire(email: string): Promise<void> {
    this.#lastEmail = email
    this.#accessTokenRefused = false
    try {
      await this.#secrets.clear()
    } catch (error) {
      this.#log.error('expired credentials could not be erased', error)
    }
    this.#events.emit('session.expired', { email, message: SESSION_EXPIRED_MESSAGE })
  }
}
