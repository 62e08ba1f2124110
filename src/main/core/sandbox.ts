/**
 * The sandbox grant service that a start command (`npm run start:browser`, `npm start`)
 * started for this run because GRANT_SERVICE_URL was not set. The command says so through two
 * environment variables, so the app can tell the applicant where the service came from, offer
 * its demo logins on the login form, and still let them point at another service.
 *
 * The demo logins are the started sandbox's own, announced by the same command in a third
 * variable (a JSON list of `{email, password}`), so the core knows nothing of the sandbox's
 * code; they are shown only while the app talks to that sandbox, never to another service.
 */
import { z } from 'zod'
import { isHttpUrl } from '../../shared/api'
import type { Logger } from './errors'

export const SANDBOX_URL_ENV = 'GRANT_DESK_SANDBOX_URL'
export const SANDBOX_STARTED_BY_ENV = 'GRANT_DESK_SANDBOX_STARTED_BY'
export const SANDBOX_DEMO_LOGINS_ENV = 'GRANT_DESK_SANDBOX_DEMO_LOGINS'

const DemoLogins = z.array(z.object({ email: z.string().min(1).max(200), password: z.string().min(1).max(200) })).max(10)

/** The demo logins the start command announced; none when absent or malformed (logged). */
function demoLoginsOf(env: Record<string, string | undefined>, log: Logger): { email: string; password: string }[] {
  const raw = env[SANDBOX_DEMO_LOGINS_ENV]
  if (!raw) return []
  try {
    return DemoLogins.parse(JSON.parse(raw)).map(({ email, password }) => ({ email, password }))
  } catch {
    log.warn(`${SANDBOX_DEMO_LOGINS_ENV} is not a list of demo logins ({email, password}); the login form offers none`)
    return []
  }
}

export interface BundledSandbox {
  /** Where it listens, no trailing slash. */
  url: string
  /** The command that started it, as the applicant typed it ("npm run start:browser"). */
  startedBy: string
  demoLogins: { email: string; password: string }[]
}

/** The sandbox the environment describes, or null; a malformed description is logged and ignored. */
export function bundledSandbox(env: Record<string, string | undefined>, log: Logger): BundledSandbox | null {
  const url = env[SANDBOX_URL_ENV]?.trim().replace(/\/+$/, '')
  if (!url) return null
  if (!isHttpUrl(url)) {
    log.warn(`${SANDBOX_URL_ENV} is not a web address (${url.slice(0, 80)}); the sandbox is not offered`)
    return null
  }
  const startedBy = env[SANDBOX_STARTED_BY_ENV]?.trim().slice(0, 60) || 'the start command'
  return { url, startedBy, demoLogins: demoLoginsOf(env, log) }
}
