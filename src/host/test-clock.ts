/**
 * TEST-ONLY: the browser host's clock, set from the environment so an end-to-end test can put
 * "now" 2 hours before a deadline without waiting days. Never set these for real use: reminders,
 * deadlines and history times would all follow the false clock.
 *
 *   GRANT_DESK_TEST_NOW=2026-11-25T18:00:00Z     a fixed time (the clock does not move)
 *   GRANT_DESK_TEST_CLOCK_OFFSET_MS=172800000    the real time, moved by this many milliseconds
 */
import { z } from 'zod'
import { IsoTimestamp } from '../shared/api'

export const TestClockEnv = z.object({
  GRANT_DESK_TEST_NOW: IsoTimestamp.optional(),
  GRANT_DESK_TEST_CLOCK_OFFSET_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .optional(),
})

export interface TestClock {
  now: () => Date
  /** The line the host prints, so nobody runs it with a false clock unawares. */
  description: string
}

/** The clock the variables ask for; null when neither is set. Both at once are refused. */
export function testClockFrom(env: z.infer<typeof TestClockEnv>): TestClock | null {
  const fixed = env.GRANT_DESK_TEST_NOW
  const offset = env.GRANT_DESK_TEST_CLOCK_OFFSET_MS
  if (fixed !== undefined && offset !== undefined) {
    throw new Error('Set GRANT_DESK_TEST_NOW or GRANT_DESK_TEST_CLOCK_OFFSET_MS, not both.')
  }
  if (fixed !== undefined) {
    const at = Date.parse(fixed)
    return {
      now: () => new Date(at),
      description: `TEST CLOCK: the core's time is fixed at ${new Date(at).toISOString()} (GRANT_DESK_TEST_NOW; for tests only).`,
    }
  }
  if (offset !== undefined) {
    return {
      now: () => new Date(Date.now() + offset),
      description: `TEST CLOCK: the core's time is the real time moved by ${offset} ms (GRANT_DESK_TEST_CLOCK_OFFSET_MS; for tests only).`,
    }
  }
  return null
}
