/**
 * What an authenticated request carries: a bearer token and the one service origin it may be
 * sent to. Shared by the session (which hands it out) and the service client (which refuses
 * to send it anywhere else).
 */
export interface Credential {
  token: string
  origin: string
}

/** The client refused to send a credential to another origin: never evidence of a dead login. */
export const WRONG_ORIGIN = 'credential_for_another_origin'
