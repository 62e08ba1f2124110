/**
 * The grant list's part of the grant service's resources (spec: shared/grant-service-api.md §2,
 * list_grants), re-exported by resources.ts with the rest of the contract: a module of its own so
 * that the browser host's main thread checks the saved grant list (src/host/saved-list.ts) while
 * it serves the page, without evaluating every schema of the contract first (40–80 ms on a busy
 * 2-core machine, issue 34's start-up row). resources.ts's header says how the schemas are shaped.
 */
import { z } from 'zod'
import { IsoTimestamp } from './iso-timestamp'

/** What `z.guid()` matches, and names in its issue. */
const GUID_PATTERN = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/

/**
 * Whether the characters from `from` to `to` are hex digits: a digit (its code minus 48 is 0–9;
 * `>>> 0` turns the codes below 48 into huge numbers), or a–f in either case (`| 32` lowers
 * A–F to a–f and leaves a–f as they are; nothing else lands on 97–102).
 */
function isHex(text: string, from: number, to: number): boolean {
  for (let at = from; at < to; at++) {
    const code = text.charCodeAt(at)
    if ((code - 48) >>> 0 > 9 && ((code | 32) - 97) >>> 0 > 5) return false
  }
  return true
}

/**
 * `GUID_PATTERN`, read character by character (a list of 10,000 grants has 10,000 ids): the
 * four dashes first, then each run of hex digits, without a test per character of where it is.
 */
function isGuid(text: string): boolean {
  return (
    text.length === 36 &&
    text.charCodeAt(8) === 45 &&
    text.charCodeAt(13) === 45 &&
    text.charCodeAt(18) === 45 &&
    text.charCodeAt(23) === 45 &&
    isHex(text, 0, 8) &&
    isHex(text, 9, 13) &&
    isHex(text, 14, 18) &&
    isHex(text, 19, 23) &&
    isHex(text, 24, 36)
  )
}

/**
 * A UUID-shaped id (8-4-4-4-12 hex): what `z.guid()` accepts (not `z.uuid()`, because the spec
 * only says "UUID": a service may hand out ids without RFC 9562 version bits, and refusing those
 * would make the whole list unreadable for no gain), with the same issue, checked without a
 * regex: the contract's check of a grant list stays within 2× `JSON.parse` (bench/contract.bench.ts).
 */
export const Id = z.string({ error: 'must be a UUID' }).check((payload) => {
  if (isGuid(payload.value)) return
  payload.issues.push({
    origin: 'string',
    code: 'invalid_format',
    format: 'guid',
    pattern: GUID_PATTERN.toString(),
    input: payload.value,
    continue: true,
    message: 'must be a UUID',
  })
})

export const GrantStatus = z.enum(['open', 'closed'], { error: 'must be "open" or "closed"' })
export type GrantStatus = z.infer<typeof GrantStatus>

/** The `type` keyword filter of list_grants. */
export const GrantType = z.enum(['grant', 'bounty'], { error: 'must be "grant" or "bounty"' })
export type GrantType = z.infer<typeof GrantType>

/** Which grants a list asks for by status: list_grants' `status`, the grants screen's filter and a saved search's. */
export const GrantStatusFilter = z.enum(['open', 'closed', 'all'], { error: 'must be "open", "closed" or "all"' })
export type GrantStatusFilter = z.infer<typeof GrantStatusFilter>

/** By kind: both, or one `GrantType` (the grants screen's filter and a saved search's). */
export const GrantTypeFilter = z.enum(['all', ...GrantType.options], { error: 'must be "all", "grant" or "bounty"' })
export type GrantTypeFilter = z.infer<typeof GrantTypeFilter>

/** The grant list's orders, sorted on this computer (grant-listing.ts): the grants screen's choice and a saved search's. */
export const GrantSort = z.enum(['deadline', 'reward', 'title'], { error: 'must be "deadline", "reward" or "title"' })
export type GrantSort = z.infer<typeof GrantSort>

/** Element of the list_grants result. */
export const GrantSummary = z.object({
  id: Id,
  title: z.string(),
  sponsor: z.string(),
  reward: z.string(),
  deadline: IsoTimestamp,
  status: GrantStatus,
  /** Allowed values not shown by the spec: any label. */
  track: z.string(),
})
export type GrantSummary = z.infer<typeof GrantSummary>

/**
 * Result of list_grants, compiled ahead of time by zod (`z.compile`, https://zod.dev/compile):
 * the same schema, whose valid answers take one generated function instead of a call and two
 * allocations per field of each grant, while an invalid answer goes to zod's ordinary parser
 * and so gets exactly the issues it always got (test/faults/shared/grant-list-contract.test.ts).
 * A list of 10,000 grants is checked in well under `JSON.parse`'s own time, whatever its
 * deadlines look like (bench/contract.bench.ts). Compiling needs `new Function`, which the
 * main process has; where it is refused (a strict CSP), zod hands the schema back as it is.
 * `@__PURE__`: a bundle that does not use the list's schema (the renderer) drops the call.
 */
export const GrantList = /* @__PURE__ */ z.compile(
  z.object({
    items: z.array(GrantSummary),
    count: z.number().int().nonnegative(),
  }),
)
export type GrantList = z.infer<typeof GrantList>
