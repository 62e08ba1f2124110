/**
 * The process table as `ps` sees it, for tests that start real programs and must prove that
 * nothing of theirs is left running.
 */
import { execFileSync } from 'node:child_process'

export interface ProcessRow {
  pid: number
  ppid: number
  pgid: number
  args: string
}

export function processTable(): ProcessRow[] {
  const out = execFileSync('ps', ['-ww', '-eo', 'pid=,ppid=,pgid=,args='], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 })
  return out
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), pgid: Number(m[3]), args: m[4]! }))
}

/** `root` and everything it started, directly or not, and every process in their groups. */
export function processTree(root: number, table: ProcessRow[] = processTable()): ProcessRow[] {
  const found = new Map<number, ProcessRow>()
  const rootRow = table.find((row) => row.pid === root)
  if (rootRow) found.set(root, rootRow)
  let grew = true
  while (grew) {
    grew = false
    const groups = new Set([...found.values()].map((row) => row.pgid))
    for (const row of table) {
      if (found.has(row.pid)) continue
      if (found.has(row.ppid) || groups.has(row.pgid)) {
        found.set(row.pid, row)
        grew = true
      }
    }
  }
  return [...found.values()]
}

/** Those of `rows` still running (a zombie counts as gone: it runs nothing). */
export function stillRunning(rows: ProcessRow[]): ProcessRow[] {
  const live = new Map(processTable().map((row) => [row.pid, row]))
  // A pid reused by an unrelated program is not ours: same pid and same command line only.
  return rows.filter((row) => live.get(row.pid)?.args === row.args && !isZombie(row.pid))
}

function isZombie(pid: number): boolean {
  try {
    return execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' })
      .trim()
      .startsWith('Z')
  } catch {
    return true // gone between the two looks
  }
}
