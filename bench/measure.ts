/**
 * How the benchmarks timed things before the runner (bench/run.ts): every case warmed up, then
 * run in turn for `runs` rounds (interleaved, so machine load falls on all of them alike), and
 * the median of each kept. Kept for scripts written against it; a row of the runner times with
 * `timeCases` (bench/lib/timing.ts), which gives one value per run.
 */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** Median milliseconds per case, by name. */
export function medianTimes(cases: Record<string, () => unknown>, runs: number): Record<string, number> {
  const samples = Object.fromEntries(Object.keys(cases).map((name) => [name, [] as number[]]))
  for (const fn of Object.values(cases)) for (let i = 0; i < 3; i++) fn() // warm-up
  for (let i = 0; i < runs; i++) {
    for (const [name, fn] of Object.entries(cases)) {
      const start = performance.now()
      fn()
      samples[name]!.push(performance.now() - start)
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, median(values)]))
}
