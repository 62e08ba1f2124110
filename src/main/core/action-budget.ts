/**
 * One total time budget per user action. Each `dispatch` call (one click: list the grants,
 * submit a draft) runs inside a deadline; every request the service client makes on its behalf
 * reads what is left, so retries, Retry-After waits, the api-key fallback and the re-send of an
 * application together can never keep the applicant waiting longer than the budget. Local work
 * (drafts on disk) never reads it, so it is never cut short.
 */
import { AsyncLocalStorage } from 'node:async_hooks'

/** What an applicant under deadline pressure will wait for one click. */
export const DEFAULT_ACTION_BUDGET_MS = 20_000

const deadlines = new AsyncLocalStorage<{ deadline: number }>()

export function withActionBudget<T>(budgetMs: number, run: () => Promise<T>): Promise<T> {
  return deadlines.run({ deadline: Date.now() + budgetMs }, run)
}

/** Milliseconds left of the current action's budget; null outside an action (no budget). */
export function remainingBudgetMs(): number | null {
  const store = deadlines.getStore()
  return store === undefined ? null : store.deadline - Date.now()
}
