/**
 * `npm run check:comments` (scripts/check/comment-references.mjs) on a repository of its own:
 * a comment that names a file which is not there fails the check, naming the file and line;
 * files that are there, packages and build outputs pass.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const script = join(process.cwd(), 'scripts', 'check', 'comment-references.mjs')
let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function repository(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), 'grant-desk-comment-refs-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  execFileSync('git', ['init', '-q'], { cwd: dir })
  execFileSync('git', ['add', '.'], { cwd: dir })
  return dir
}

const check = (root: string) => spawnSync(process.execPath, [script, root], { encoding: 'utf8' })

describe('the comment-reference check', () => {
  it('fails on a comment that names a file that is not there, with its line', () => {
    const root = repository({
      'src/review/gate.ts': '// Verdict chains.\nexport const gate = 1\n',
      'src/review/view.ts':
        'const pattern = /a\\/b/ // a regular expression before the comment\n/** Ordered by the chains (review/order.ts). */\nexport const view = pattern\n',
    })
    const result = check(root)
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('src/review/view.ts:2: the comment names review/order.ts')
    expect(result.stderr).toContain('1 comment reference to files that do not exist')
  })

  it('passes files that exist, by path or by name, packages and build outputs', () => {
    const root = repository({
      'src/review/gate.ts': '// See review/view.ts, view.ts and src/review/view.ts.\nexport const gate = 1\n',
      'src/review/view.ts': "// ical.js checks the calendar; electron-vite emits index.cjs.\nexport const view = 'not/a/comment.ts'\n",
    })
    const result = check(root)
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
  })
})
