/**
 * Custom merge drivers do not merge drafts or records in Grant Desk's own merges. A team's
 * `.gitattributes` with `*.md merge=union` (or a driver of its own) would make git merge a
 * line changed on both sides by keeping both lines, silently: the conflict the applicant must
 * see never reaches merge.ts. So, before its `git merge`, the sync asks git which driver applies
 * to the drafts and records the pull changes (`git check-attr merge`); when one is not git's
 * usual merge, it writes `merge=text` for those paths into `.git/info/attributes` (which
 * outranks every `.gitattributes`, and is never committed) for the time of the merge only, and
 * says so in a note. (Passing `-c merge.<name>.driver=…` is not an option: see git.ts.)
 *
 * The lines sit between two marker comments and are removed as soon as `git merge` returns;
 * a sync killed in between leaves them, and the next sync removes them first (recovery.ts). A
 * merge the user runs in a terminal keeps the team's drivers.
 */
import { mkdir, readFile, unlink } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { classifyPath } from './paths'
import type { Repository } from './repository'

const BEGIN = '# Grant Desk: its own merge is running; these lines are removed when it ends.'
const END = '# Grant Desk: end of its merge.'

/**
 * Drivers that leave a change made on both sides as a conflict: git's usual 3-way merge
 * (`unspecified`, `set`, `text`) and its "binary" one (`unset`, i.e. `-merge`, and `binary`:
 * ours kept, the path left unmerged, which merge.ts then settles as any other).
 */
const USUAL = new Set(['unspecified', 'set', 'text', 'unset', 'binary'])

function attributesFile(repo: Repository): string {
  return join(repo.gitDir, 'info', 'attributes')
}

/** A gitattributes pattern that matches exactly `path` from the top (glob characters escaped, quoted when it has spaces). */
function exactPattern(path: string): string {
  const escaped = `/${path.replace(/[\\*?[\]!#]/g, (c) => `\\${c}`)}`
  return /[\s"]/.test(escaped) ? `"${escaped.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"` : escaped
}

/** The lines of `text` without Grant Desk's block. */
function withoutBlock(text: string): string {
  const lines = text.split('\n')
  const out: string[] = []
  let inside = false
  for (const line of lines) {
    if (line === BEGIN) inside = true
    else if (line === END) inside = false
    else if (!inside) out.push(line)
  }
  return out.join('\n')
}

/** Removes the lines a sync wrote for its merge (a no-op when there are none). */
export async function removeDriverOverride(repo: Repository): Promise<void> {
  const file = attributesFile(repo)
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch {
    return
  }
  if (!text.includes(BEGIN)) return
  const rest = withoutBlock(text)
  if (rest.trim() === '') await unlink(file).catch(() => {})
  else await writeFileAtomic(file, rest)
}

/** The drafts and records `incoming` changed since it and HEAD parted, with the merge driver each has now. */
async function customDrivers(repo: Repository, incoming: string): Promise<{ path: string; driver: string }[]> {
  if (repo.head === null) return []
  const changed = await repo.git.run(['diff', '--name-only', '-z', '--no-renames', `${repo.head}...${incoming}`], { readOnly: true })
  const paths = changed.stdout.split('\0').filter((path) => {
    const kind = path === '' ? null : classifyPath(repo.prefix, path)
    return kind?.kind === 'draft' || kind?.kind === 'record'
  })
  const out: { path: string; driver: string }[] = []
  // In batches, so thousands of changed files never pass the system's limit on a command line.
  for (let at = 0; at < paths.length; at += 200) {
    const answer = await repo.git.run(['check-attr', '-z', 'merge', '--', ...paths.slice(at, at + 200)], { readOnly: true })
    // -z: path NUL attribute NUL value NUL, for each path.
    const fields = answer.stdout.split('\0')
    for (let n = 0; n + 2 < fields.length; n += 3) {
      const [path, , value] = [fields[n]!, fields[n + 1]!, fields[n + 2]!]
      if (!USUAL.has(value)) out.push({ path, driver: value })
    }
  }
  return out
}

/**
 * Before the sync's own `git merge`: overrides any custom merge driver of the drafts and
 * records `incoming` changed. Answers the note to show (none when nothing was overridden) and
 * `restore`, to call as soon as `git merge` returned.
 */
export async function overrideMergeDrivers(repo: Repository, incoming: string): Promise<{ notes: string[]; restore: () => Promise<void> }> {
  const none = { notes: [], restore: async () => {} }
  let custom: { path: string; driver: string }[]
  try {
    custom = await customDrivers(repo, incoming)
  } catch {
    // Git could not say (an unborn branch, a shallow clone without the merge base): git's usual merge then.
    return none
  }
  if (custom.length === 0) return none
  const file = attributesFile(repo)
  const before = await readFile(file, 'utf8').catch(() => '')
  const block = [BEGIN, ...custom.map(({ path }) => `${exactPattern(path)} merge=text`), END].join('\n')
  await mkdir(dirname(file), { recursive: true })
  await writeFileAtomic(file, `${withoutBlock(before).replace(/\n*$/, before.trim() === '' ? '' : '\n')}${block}\n`)
  const drivers = [...new Set(custom.map((one) => `merge=${one.driver}`))].join(', ')
  const what = custom.length === 1 ? custom[0]!.path : `${custom.length} drafts and records`
  return {
    notes: [
      `The repository’s .gitattributes sets a merge driver of its own (${drivers}) for ${what}; Grant Desk merged ${custom.length === 1 ? 'it' : 'them'} with git’s usual merge instead, so a change made on both sides shows as a conflict rather than being merged silently.`,
    ],
    restore: () => removeDriverOverride(repo),
  }
}
