/** The values that occur more than once: rows whose buttons need more than a title to tell apart. */
export function repeated(values: Iterable<string>): Set<string> {
  const seen = new Set<string>()
  const twice = new Set<string>()
  for (const value of values) {
    if (seen.has(value)) twice.add(value)
    seen.add(value)
  }
  return twice
}
