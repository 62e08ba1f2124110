/**
 * Runs one bench file for the runner (bench/run.ts), in a process of its own: a bench that
 * crashes, leaks or leaves a server running cannot take the others with it. Writes the file's
 * title and rows as JSON to the path the runner gave, then exits.
 *
 * A file without a `defineBench` default export (a script that prints its own results) still
 * runs: its exit code becomes its one row, so the runner never drops a file silently.
 */
import { writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { type BenchContext, MIN_RUNS, type RowSpec, isBench } from './row'

const [file, out] = process.argv.slice(2)
if (!file || !out) throw new Error('usage: child.ts <bench file> <result file>')
const project = fileURLToPath(new URL('../..', import.meta.url))
const name = basename(file)

function write(title: string, rows: RowSpec[]): void {
  writeFileSync(out!, JSON.stringify({ title, rows }))
}

const context: BenchContext = {
  runs: (defaultRuns) => {
    const asked = Number(process.env['BENCH_RUNS'] || defaultRuns)
    return Math.max(MIN_RUNS, Number.isFinite(asked) ? Math.round(asked) : defaultRuns)
  },
  project,
  shared: join(project, '..', 'shared'),
  log: (line) => console.log(`    ${line}`),
}

try {
  const module = (await import(pathToFileURL(file).href)) as { default?: unknown }
  if (isBench(module.default)) {
    write(module.default.title, await module.default.run(context))
  } else {
    const code = Number(process.exitCode ?? 0)
    const row: RowSpec = { name: `${name}: a script without rows`, unit: '', values: [] }
    write(
      name,
      code === 0
        ? [
            {
              ...row,
              skipped: 'it printed its own results (above) and gave no rows to judge; it exited 0. Export defineBench(…) to give rows (bench/lib/row.ts).',
            },
          ]
        : [{ ...row, error: `it exited with code ${code}; its own output above says why` }],
    )
  }
} catch (error) {
  write(name, [{ name, unit: '', values: [], error: `it failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}` }])
}
process.exit(0)
