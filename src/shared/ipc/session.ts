/** The contract's session: who is logged in, where and how the credentials are kept. Part of the one contract, re-exported by src/shared/ipc/contract.ts. */
import { z } from 'zod'

/**
 * Where credentials are kept: encrypted on disk by the OS keychain (Electron's safeStorage),
 * only in memory for this session, or in a plain 0600 file (the development browser host).
 */
export const CredentialStorage = z.enum(['encrypted', 'memory', 'plain-file'])
export type CredentialStorage = z.infer<typeof CredentialStorage>

export const SessionStatus = z.object({
  loggedIn: z.boolean(),
  /** The logged-in email, or after an expiry the last one (to prefill the login form). */
  email: z.string().nullable(),
  storage: CredentialStorage,
  /** One sentence for the applicant about `storage`. */
  storageNote: z.string(),
  /**
   * The service origin (scheme, host, port) this status is about: credentials belong to the
   * origin that issued them and are sent nowhere else. Null when the address is not a web address.
   */
  service: z.string().nullable(),
  /** The address is plain `http:` to another computer: a login would cross the network unencrypted. */
  plainHttp: z.boolean(),
  /** Logins kept for other service addresses: used again when the address is switched back; erasable in Settings. */
  otherServices: z.array(z.object({ service: z.string(), email: z.string() })),
  /** Something about stored logins the applicant should know (a damaged file set aside). */
  notice: z.string().nullable(),
})
export type SessionStatus = z.infer<typeof SessionStatus>
