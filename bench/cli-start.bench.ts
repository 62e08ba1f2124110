/**
 * `npm run bench`, part: how fast the CLI starts (issue 34). The CLI as installed (bundled from
 * these sources as `npm run build:cli` bundles it, run with node as a child process), against
 * Node starting and doing nothing (`node -e 0`), timed the same way in the same rounds: the
 * least any Node program that is started this way can take.
 *
 * - `grant-desk --version`: the entry alone (each command is a chunk loaded when it runs).
 *   Goal ≤ 1.5× `node -e 0`.
 * - `grant-desk lint` on one draft: start-up with the checklist loaded, and one lint. No goal:
 *   the row says what the checklist's modules cost a CI job that lints one file.
 *
 * Every run is checked: the version printed is the package's, the lint exits 0 and says so.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildCli, runProgram } from './lib/cli-bundle'
import { defineBench, type RowSpec } from './lib/row'
import { timeCases } from './lib/timing'

export default defineBench({
  title: 'The CLI starting, against Node starting and doing nothing',
  async run({ project, runs }) {
    const root = mkdtempSync(join(tmpdir(), 'grant-desk-bench-cli-start-'))
    try {
      const bundle = buildCli(project, join(root, 'cli'))
      const { version } = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { version: string }
      const draft = join(project, 'test/fixtures/checklist/good-pitch.md')
      const problems: string[] = []
      const node = async () => {
        const ran = await runProgram(process.execPath, ['-e', '0'])
        if (ran.code !== 0) problems.push(`node -e 0 exited ${ran.code}`)
      }
      const times = await timeCases(
        {
          version: async () => {
            const ran = await runProgram(process.execPath, [bundle, '--version'])
            if (ran.code !== 0 || ran.stdout !== `grant-desk ${version}\n`)
              problems.push(`grant-desk --version answered ${JSON.stringify(ran.stdout)} (exit ${ran.code})`)
          },
          lint: async () => {
            const ran = await runProgram(process.execPath, [bundle, 'lint', draft])
            if (ran.code !== 0 || !ran.stdout.includes('1 draft checked: 0 must fix'))
              problems.push(`grant-desk lint exited ${ran.code}: ${ran.stdout.slice(-200)}`)
          },
          node,
        },
        { runs: runs(7), repeat: 5, warmup: 2 },
      )
      const baseline = { name: 'node -e 0', values: times.node }
      const error = problems.length > 0 ? { error: problems.slice(0, 3).join('; ') } : {}
      const rows: RowSpec[] = [
        {
          name: 'grant-desk --version, from process launch to exit',
          unit: 'ms',
          values: times.version,
          baseline,
          goal: { of: 'ratio', atMost: 1.5 },
          detail: ['the bundle as npm run build:cli makes it, run with node; every run checked: the package’s version printed'],
          ...error,
        },
        {
          name: 'grant-desk lint, one draft (good-pitch.md), from process launch to exit',
          unit: 'ms',
          values: times.lint,
          baseline,
          detail: ['start-up with the checklist’s modules, and one lint; every run checked: exit 0, “1 draft checked”'],
          ...error,
        },
      ]
      return rows
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  },
})
