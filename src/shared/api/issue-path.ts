/**
 * How a zod issue's path is written for people. A module of its own: the browser host's start
 * says what is wrong with its environment with it, and should not build the resources' schemas
 * (resources.ts) to do so before it can listen (issue 34's start-up row).
 */

/** A zod issue path as people write it: `grants[3].deadline`. */
export function formatIssuePath(path: ReadonlyArray<PropertyKey>): string {
  let out = ''
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`
    else out += out === '' ? String(key) : `.${String(key)}`
  }
  return out
}
