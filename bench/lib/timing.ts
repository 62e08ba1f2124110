/**
 * Timing in-process cases for a row: every case warmed up, then for each run every case timed
 * `repeat` times in turn (interleaved, so whatever else the machine does at a moment weighs on
 * all of them alike). A run's value for a case is the median of its `repeat` timings; a row gets
 * one value per run, so the runner can show the spread between runs.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

export interface TimeOptions {
  /** Runs: values per case (the row's runs). */
  runs: number
  /** Timings per case in one run, of which the median is the run's value. Default 5. */
  repeat?: number
  /**
   * Calls timed together as one timing, whose mean is the timing (default 1): the garbage
   * collector runs now and then, in whichever call happens to allocate past its threshold, and
   * a batch spreads that cost over the calls that caused it instead of making timings lumpy.
   */
  batch?: number
  /** Untimed calls of each case first (the JIT, caches of the platform). Default 3. */
  warmup?: number
  /**
   * `wall` (default): elapsed time. `cpu`: the CPU time of this process (every thread of it, so
   * the garbage collector's helpers count too) — for work that never waits (parsing, checking),
   * where it is the same quantity without the time other programs on a shared machine take the
   * core away. Work that waits for the disk or the network must use `wall`.
   */
  clock?: 'wall' | 'cpu'
  /**
   * Called before each timing, outside it: e.g. a forced garbage collection (`gc()` from
   * `exposeGc`), so that no case pays for the garbage another case left behind.
   */
  settle?: () => void
}

type Case = () => unknown

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** Milliseconds of CPU time this process has used (every thread of it). */
export function cpuMilliseconds(): number {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

const clocks = {
  wall: () => performance.now(),
  cpu: cpuMilliseconds,
}

/** Milliseconds one call of `fn` takes, the mean of `batch` calls; an async case is timed until its promise settles. */
async function timeOnce(fn: Case, now: () => number, batch = 1): Promise<number> {
  const start = now()
  for (let i = 0; i < batch; i++) {
    const result = fn()
    if (result instanceof Promise) await result
  }
  return (now() - start) / batch
}

/** Milliseconds per case: one value per run, each the median of `repeat` interleaved timings. */
export async function timeCases<K extends string>(cases: Record<K, Case>, options: TimeOptions): Promise<Record<K, number[]>> {
  const names = Object.keys(cases) as K[]
  const repeat = options.repeat ?? 5
  const now = clocks[options.clock ?? 'wall']
  for (const name of names) for (let i = 0; i < (options.warmup ?? 3); i++) await timeOnce(cases[name], now)
  const perRun = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>
  for (let run = 0; run < options.runs; run++) {
    const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>
    for (let i = 0; i < repeat; i++)
      for (const name of names) {
        options.settle?.()
        samples[name].push(await timeOnce(cases[name], now, options.batch))
      }
    for (const name of names) perRun[name].push(median(samples[name]))
  }
  return perRun
}

/**
 * V8's `gc()`, without starting the process with `--expose-gc` (the runner starts every bench
 * file the same way, bench/lib/child.ts): the flag set at run time, and the function taken from
 * a new context, where V8 then defines it.
 */
export function exposeGc(): () => void {
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
}
