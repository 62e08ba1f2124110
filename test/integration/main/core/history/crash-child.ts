/**
 * The process crash.test.ts kills: the real drafts store with the real history listening to it,
 * saving one draft in a tight loop (each save waits for its version to be written, so most of
 * the time goes to writing drafts and versions) until it is killed with SIGKILL. Save `n` writes
 * `crashPitch(n)` with the field `n`, so whoever reads the files afterwards knows exactly what
 * each one must hold. Small bounds (25 versions, a full copy every 5) make trimming and
 * re-keyframing happen every few saves; a clock driven by `n` (about 20 s a save) makes
 * autosaves fold into each other and explicit saves keep their own.
 *
 * Usage: node <this file, bundled by the test> <dataDir> <draftsFolder>
 */
import { join } from 'node:path'
import type { GrantDetail } from '../../../../../src/shared/api'
import { DraftStore } from '../../../../../src/main/core/drafts'
import { readReviewBrief } from '../../../../../src/main/core/reviews'
import { silentLogger } from '../../../../../src/main/core/errors'
import { DraftHistory } from '../../../../../src/main/core/history'

export const CRASH_LIMITS = { maxVersions: 25, keyframeEvery: 5 }
const START = Date.parse('2026-02-02T08:00:00.000Z')

/** ~20 KB, differing from save to save in a line or two. */
export function crashPitch(n: number): string {
  const lines = Array.from({ length: 300 }, (_, i) => `Line ${i}: the relayer ships light client proofs${i === n % 300 ? ` (edited at save ${n})` : ''}.`)
  return `# Crash draft\n\nSave number: ${n}\n\n## Plan\n\n${lines.join('\n')}\n`
}

export function saveNumber(pitch: string): number {
  return Number(/^Save number: (\d+)$/m.exec(pitch)?.[1] ?? Number.NaN)
}

/** The clock of save `n`: about 20 s a save, never backwards, so autosaves fold in threes, give or take. */
export function crashTime(n: number): number {
  return START + n * 20_000 + ((n * 7_919) % 9_000)
}

const GRANT: GrantDetail = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Crash draft',
  description: '',
  reward: '1 USDC',
  deadline: '2099-01-01T00:00:00.000Z',
  application_schema: null,
  template_md: crashPitch(0),
  _apply_endpoint: 'POST /api/build/11111111-1111-4111-8111-111111111111/apply',
}

async function main(): Promise<void> {
  const [dataDir, draftsFolder] = process.argv.slice(2)
  if (!dataDir || !draftsFolder) throw new Error('usage: crash-child <dataDir> <draftsFolder>')
  let n = 0
  const now = () => new Date(crashTime(n))
  const trashDir = join(dataDir, 'deleted-drafts')
  // Each needs the other: history restores through the store, the store tells history of saves.
  let store!: DraftStore
  const history = new DraftHistory({
    root: join(dataDir, 'history'),
    trashDir,
    drafts: { get: (id) => store.get(id), save: (args) => store.save(args) },
    savedBy: () => 'Crash',
    now,
    log: silentLogger,
    limits: CRASH_LIMITS,
  })
  store = new DraftStore({
    reviewBriefs: readReviewBrief,
    folder: () => draftsFolder,
    trashDir,
    now,
    log: silentLogger,
    onSaved: (event) => history.record(event),
  })

  const existing = await store.findByGrant(GRANT.id)
  let draft = existing[0] ?? (await store.create({ grant: GRANT, grantType: 'grant' }))
  await history.idle()
  process.stdout.write(`ready ${draft.id}\n`)
  for (;;) {
    n = saveNumber(draft.pitch) + 1
    draft = await store.save({
      id: draft.id,
      pitch: crashPitch(n),
      customFields: { n: String(n) },
      baseVersion: draft.version,
      intent: n % 5 === 0 ? 'explicit' : 'autosave',
    })
    await history.idle()
    process.stdout.write(`saved ${n}\n`)
  }
}

// Only when run as the child (the test imports crashPitch and saveNumber from here).
if (process.argv[1]?.endsWith('crash-child.mjs')) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    process.exit(2)
  })
}
