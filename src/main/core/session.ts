/**
 * The applicant's session: login, logout, and running an authenticated request with the
 * stored credentials. Credentials belong to the service origin that issued them (the
 * `CredentialVault`): the session only ever hands out the login of the address in use, so a
 * changed address means "not logged in" there, and the old address's token and api key are
 * never offered to the new one.
 *
 * The access token is tried first; when the service refuses it the api key is tried once;
 * when that is refused too the credentials are dead, so that origin's login is erased,
 * `session.expired` is raised, and the action fails with `session_expired` — the caller keeps
 * everything the applicant typed and can repeat the action after logging in.
 */
import { type LoginRequest, originLabel, sendsCredentialsInClear, serviceOrigin } from '../../shared/api'
import type { SessionStatus } from '../../shared/ipc'
import { type Credential, WRONG_ORIGIN } from './credential'
import type { CredentialVault } from './credentials'
import { AppFailure, isFailure, type Logger } from './errors'
import type { CoreEvents } from './events'
import type { SecretStore } from './secret-store'
import type { ServiceClient } from './service-client'

const STORAGE_NOTES: Record<SecretStore['kind'], string> = {
  encrypted: 'Your login is kept encrypted on this computer by the system keychain.',
  memory: 'Your login is kept only in memory: you will need to log in again the next time Grant Desk starts.',
  'plain-file': 'Your login is kept in a file only your user account can read, but it is not encrypted (development browser host).',
}

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Log in again, then repeat the action — nothing you typed was lost.'

export class Session {
  readonly #vault: CredentialVault
  readonly #client: ServiceClient
  readonly #events: CoreEvents
  readonly #log: Logger
  readonly #serviceUrl: () => Promise<string>
  /** The last email logged in per origin, kept after an expiry or logout to prefill the login form. */
  readonly #lastEmail = new Map<string, string>()
  /** Origins whose access token the service refused: go straight to the api key there. */
  readonly #accessTokenRefused = new Set<string>()

  constructor(options: { vault: CredentialVault; client: ServiceClient; events: CoreEvents; log: Logger; serviceUrl: () => Promise<string> }) {
    this.#vault = options.vault
    this.#client = options.client
    this.#events = options.events
    this.#log = options.log
    this.#serviceUrl = options.serviceUrl
  }

  async status(): Promise<SessionStatus> {
    const address = await this.#serviceUrl()
    const origin = serviceOrigin(address)
    const credentials = await this.#vault.get(origin)
    if (credentials && origin) this.#lastEmail.set(origin, credentials.email)
    return {
      loggedIn: credentials !== null,
      email: credentials?.email ?? (origin === null ? null : (this.#lastEmail.get(origin) ?? null)),
      storage: this.#vault.kind,
      storageNote: STORAGE_NOTES[this.#vault.kind],
      service: origin,
      plainHttp: sendsCredentialsInClear(address),
      otherServices: await this.#vault.others(origin),
      notice: this.#vault.notice,
    }
  }

  async login(request: LoginRequest & { allowPlainHttp?: boolean | undefined }): Promise<SessionStatus> {
    const address = await this.#serviceUrl()
    if (sendsCredentialsInClear(address) && request.allowPlainHttp !== true) {
      const host = originLabel(serviceOrigin(address) ?? address)
      const message = `${host} is reached over plain HTTP, so your password and login would cross the network unencrypted. Use its https:// address in Settings, or confirm that you want to log in over plain HTTP.`
      throw new AppFailure('invalid_input', message, { fields: { allowPlainHttp: message } })
    }
    const email = request.email.trim()
    let answer
    try {
      answer = await this.#client.login({ email, password: request.password })
    } catch (error) {
      if (isFailure(error, 'unauthorized')) {
        throw new AppFailure(
          'unauthorized',
          'That email and password do not match an account on the grant service. Check both and try again.',
          {},
          { cause: error },
        )
      }
      throw error
    }
    // Kept under the origin the password was actually sent to, even if Settings changed meanwhile.
    try {
      await this.#vault.put(answer.origin, { email, accessToken: answer.credentials.access_token, apiKey: answer.credentials.api_key })
    } catch (error) {
      throw new AppFailure(
        'storage_error',
        'You are logged in, but Grant Desk could not store your login. Check that its data folder is writable, then log in again.',
        {},
        { cause: error },
      )
    }
    this.#lastEmail.set(answer.origin, email)
    this.#accessTokenRefused.delete(answer.origin)
    return this.status()
  }

  /** Logs out of the service in use; logins kept for other addresses stay. */
  async logout(): Promise<SessionStatus> {
    const origin = serviceOrigin(await this.#serviceUrl())
    if (origin !== null) await this.#erase(origin)
    return this.status()
  }

  /** Erases the login kept for another service address (from Settings). */
  async forget(service: string): Promise<SessionStatus> {
    const origin = serviceOrigin(service)
    if (origin === null) {
      throw new AppFailure('invalid_input', `"${service.slice(0, 80)}" is not a service address. Pick the login to erase from the list in Settings.`)
    }
    await this.#erase(origin)
    return this.status()
  }

  async #erase(origin: string): Promise<void> {
    try {
      await this.#vault.remove(origin)
    } catch (error) {
      throw new AppFailure(
        'storage_error',
        'Grant Desk could not erase your stored login. Check that its data folder is writable, then try again.',
        {},
        { cause: error },
      )
    }
    this.#accessTokenRefused.delete(origin)
  }

  /**
   * Runs `action` with a bearer token of the address in use: the access token, then once the
   * api key. `action` must throw `AppFailure('unauthorized')` when the service refuses the
   * token, and must send it to `credential.origin` only (the service client enforces it).
   */
  async authorized<T>(action: (credential: Credential) => Promise<T>): Promise<T> {
    const origin = serviceOrigin(await this.#serviceUrl())
    const credentials = await this.#vault.get(origin)
    if (!credentials || origin === null) {
      const where = origin === null ? '' : ` to ${originLabel(origin)}`
      throw new AppFailure('unauthorized', `You are not logged in${where}. Log in, then try again — nothing you typed was lost.`)
    }
    if (!this.#accessTokenRefused.has(origin)) {
      try {
        return await action({ token: credentials.accessToken, origin })
      } catch (error) {
        if (!isFailure(error, 'unauthorized') || error.reason === WRONG_ORIGIN) throw error
        this.#accessTokenRefused.add(origin)
      }
    }
    try {
      // The api key never expires: it goes only to the origin that issued it, like the token.
      return await action({ token: credentials.apiKey, origin })
    } catch (error) {
      if (!isFailure(error, 'unauthorized') || error.reason === WRONG_ORIGIN) throw error
      await this.#expire(origin, credentials.email)
      throw new AppFailure('session_expired', SESSION_EXPIRED_MESSAGE, {}, { cause: error })
    }
  }

  async #expire(origin: string, email: string): Promise<void> {
    this.#lastEmail.set(origin, email)
    this.#accessTokenRefused.delete(origin)
    try {
      await this.#vault.remove(origin)
    } catch (error) {
      this.#log.error('expired credentials could not be erased', error)
    }
    this.#events.emit('session.expired', { email, message: SESSION_EXPIRED_MESSAGE })
  }
}
