/**
 * The `grant-desk` command line, for teams that keep drafts in a repository and check them in
 * CI. This entry parses argv, checks each option belongs to the command, and dispatches to
 * commands/<command>.ts: `lint` runs the checklist (grant context from each file's front
 * matter, review rules from the records beside it), `review` lists each draft's team review and
 * can gate on approval, `export` makes the review copy of one draft, `sync` commits, pulls and
 * pushes a drafts folder kept in git as the app's Sync does, `rules` lists the rules, `import`
 * turns a .docx, .html or .md written elsewhere into Markdown or a new draft.
 *
 * Each command's module is imported only when that command runs (a dynamic `import()`, which
 * the bundle keeps as a chunk of its own): `--version`, `--help` and a usage error load nothing
 * but this file, and `sync` never loads the checklist, the review or the export (issue 34).
 */
import { statSync } from 'node:fs'
import { parseArgs } from 'node:util'
// With its type named: Node's and Playwright's loaders refuse a JSON module without it.
import packageJson from '../../package.json' with { type: 'json' }
import type { Io } from './output'
import { USAGE } from './usage'

/** Whether a target is a folder (a path that cannot be read is not: discover says why). */
function isFolder(target: string): boolean {
  try {
    return statSync(target).isDirectory()
  } catch {
    return false
  }
}

/** Each command's formats, its default first. */
const FORMATS: Record<string, readonly string[]> = { lint: ['text', 'json', 'sarif'], review: ['text', 'json'], export: ['html'] }

export async function main(
  argv: string[],
  io: Io = { out: (s: string) => console.log(s), err: (s: string) => console.error(s) },
  /** The environment git runs in for `sync` (tests give one of their own). */
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        format: { type: 'string' },
        'require-approval': { type: 'boolean', default: false },
        output: { type: 'string', short: 'o' },
        policy: { type: 'string' },
        'check-links': { type: 'boolean', default: false },
        grant: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean' },
      },
    })
  } catch (error) {
    // parseArgs's own words. Not output.ts's errorMessage: the review's worker thread shares
    // output.ts, and an import of it here would make it a chunk this entry loads for every command.
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`)
    return 2
  }
  const [command, ...targets] = parsed.positionals
  if (parsed.values.help) {
    io.out(USAGE)
    return 0
  }
  if (parsed.values.version) {
    io.out(`grant-desk ${packageJson.version}`)
    return 0
  }
  if (command === 'sync') {
    if (parsed.values.format !== undefined || parsed.values.output !== undefined || parsed.values['require-approval'] || parsed.values['check-links']) {
      io.err(`grant-desk sync takes no options, only the drafts folder.\n\n${USAGE}`)
      return 2
    }
    if (targets.length > 1) {
      io.err(`grant-desk sync takes one drafts folder.\n\n${USAGE}`)
      return 2
    }
    const { runSync } = await import('./commands/sync')
    return runSync(targets[0] ?? '.', io, env, { interactive: process.stdin.isTTY === true })
  }
  if (command === 'import') {
    if (parsed.values.format !== undefined || parsed.values.policy !== undefined || parsed.values['require-approval'] || parsed.values['check-links']) {
      io.err(`grant-desk import takes --grant and -o only.\n\n${USAGE}`)
      return 2
    }
    if (targets.length !== 1) {
      io.err(`grant-desk import takes one .docx, .html or .md file.\n\n${USAGE}`)
      return 2
    }
    if (parsed.values.output === '' || parsed.values.grant === '') {
      io.err(`-o and --grant each need a file name.\n\n${USAGE}`)
      return 2
    }
    // Loaded for this command only: mammoth and the HTML parser stay out of the others' start-up.
    const { runImport } = await import('./commands/import')
    return runImport(targets[0]!, { grant: parsed.values.grant, output: parsed.values.output }, io)
  }
  if (parsed.values.grant !== undefined) {
    io.err(`--grant is an option of grant-desk import.\n\n${USAGE}`)
    return 2
  }
  if (command === 'rules' && targets.length === 0) return (await import('./commands/rules')).runRules(io)
  const formats = command === undefined ? undefined : FORMATS[command]
  if (!formats) {
    io.err(`Unknown command "${command ?? ''}".\n\n${USAGE}`)
    return 2
  }
  const format = parsed.values.format ?? formats[0]!
  if (targets.length === 0) {
    io.err(`Name at least one draft file or folder.\n\n${USAGE}`)
    return 2
  }
  if (!formats.includes(format)) {
    io.err(`Unknown format "${format}": use ${formats.length === 1 ? formats[0] : `${formats.slice(0, -1).join(', ')} or ${formats.at(-1)}`}.`)
    return 2
  }
  const requireApproval = parsed.values['require-approval']
  if (requireApproval && command !== 'review') {
    io.err(`--require-approval is an option of grant-desk review.\n\n${USAGE}`)
    return 2
  }
  const policyFile = parsed.values.policy
  if (policyFile !== undefined && command !== 'review') {
    io.err(`--policy is an option of grant-desk review.\n\n${USAGE}`)
    return 2
  }
  if (parsed.values['check-links'] && command !== 'lint') {
    io.err(`--check-links is an option of grant-desk lint.\n\n${USAGE}`)
    return 2
  }
  const output = parsed.values.output
  if (output !== undefined && command !== 'export') {
    io.err(`-o/--output is an option of grant-desk export.\n\n${USAGE}`)
    return 2
  }
  if (command === 'export') {
    if (targets.length !== 1) {
      io.err(`grant-desk export takes one draft file.\n\n${USAGE}`)
      return 2
    }
    if (output === '') {
      io.err(`-o needs a file name.\n\n${USAGE}`)
      return 2
    }
    const { runExport } = await import('./commands/export')
    return runExport(targets[0]!, { output }, io)
  }
  // A review of a folder starts its read-ahead worker first: its bundle loads while the folder is listed (read-ahead/index.ts).
  const reader = command === 'review' && targets.some(isFolder) ? (await import('./read-ahead')).startReader() : undefined
  const { discover } = await import('./files')
  const listed = new Map<string, string[]>()
  const files = discover(targets, io, command === 'review' ? listed : undefined)
  if (!files) {
    void reader?.worker.terminate()
    return 2
  }
  if (command === 'lint') return (await import('./commands/lint')).runLint(files, format, io, { checkLinks: parsed.values['check-links'], env })
  const { namedPolicy, runReview, recordHistory } = await import('./commands/review')
  const policy = await namedPolicy(policyFile, io)
  if (policy === null) {
    void reader?.worker.terminate()
    return 2
  }
  return runReview(files, new Set(targets), format, requireApproval, io, policy, recordHistory(env), { reader, listed })
}
