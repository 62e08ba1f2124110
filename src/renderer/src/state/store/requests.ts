/**
 * Requests that race: the one rule the stores follow when an answer may arrive after a newer
 * question was asked (the applicant changed a filter, opened another draft, a change on disk
 * asked for a re-read). Written once here instead of a counter in each store.
 */

/** True while no later request of the same `LatestRequest` has begun. */
export type Ticket = () => boolean

export interface LatestRequest<K> {
  /** A request begins: its answer counts only while the ticket says so. */
  begin: () => Ticket
  /** No answer of a request begun before now counts any more (the screen closed). */
  drop: () => void
  /**
   * Runs `request` and hands its answer to `apply` if no later request began meanwhile. A
   * caller asking the same question (`key`) while the latest request is on its way shares it
   * (a double mount, a quick double click) instead of asking twice.
   */
  run: <T>(key: K, request: () => Promise<T>, apply: (answer: T) => void) => Promise<void>
}

/** The latest request wins: a slow earlier answer is dropped. */
export function latestRequest<K = void>(): LatestRequest<K> {
  let latest = 0
  let inFlight: { key: K; promise: Promise<void> } | null = null

  const begin = (): Ticket => {
    const mine = ++latest
    inFlight = null
    return () => mine === latest
  }

  return {
    begin,
    drop: () => {
      latest += 1
      inFlight = null
    },
    run: (key, request, apply) => {
      if (inFlight && Object.is(inFlight.key, key)) return inFlight.promise
      const isLatest = begin()
      const mine: { key: K; promise: Promise<void> } = { key, promise: Promise.resolve() }
      // Let go of the shared promise before applying: a listener that asks again while the
      // answer is applied starts a fresh request rather than getting this finished one.
      const settle = () => {
        if (inFlight === mine) inFlight = null
      }
      mine.promise = request().then(
        (answer) => {
          settle()
          if (isLatest()) apply(answer)
        },
        (error: unknown) => {
          settle()
          throw error
        },
      )
      inFlight = mine
      return mine.promise
    },
  }
}

export interface NewestShown {
  /** A read begins; its number orders it against the others. */
  begin: () => number
  /**
   * Whether an answer may be shown: a read's (`seq`) only if nothing that began after it has
   * been shown already; an action's (`null`: the state right after its own write) always, and
   * it then counts as newer than every read begun before it came back, since such a read may
   * have been served before the write.
   */
  show: (seq: number | null) => boolean
  /** A read's answer arrives after something that began later was shown: it is not shown (nor its failure). */
  superseded: (seq: number) => boolean
}

/** Answers shown in the order their requests began, for a store whose actions answer with a fresh read. */
export function newestShown(): NewestShown {
  let begun = 0
  let shown = 0
  return {
    begin: () => ++begun,
    show: (seq) => {
      if (seq !== null && seq < shown) return false
      shown = seq ?? ++begun
      return true
    },
    superseded: (seq) => seq < shown,
  }
}
