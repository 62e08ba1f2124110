/**
 * No silent overwrite across processes (issue 23, item 6): two processes, each with its own
 * real drafts store on one folder (as two copies of the app on a shared folder), save the same
 * draft from the same base at the same moment, round after round. A save is acknowledged only
 * when its text is in the file, or was merged into it; otherwise it is answered as a conflict.
 * Before the cross-process lock, 13 of 50 such rounds acknowledged both saves, and one text
 * replaced the other.
 *
 * The child is bundled once with vite (as crash.test.ts does) and run with plain `node`.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GrantDetail } from '../../../../../src/shared/api'
import { parseDraftFile } from '../../../../../src/shared/draft-file'
import { DraftStore } from '../../../../../src/main/core/drafts'
import { readReviewBrief } from '../../../../../src/main/core/reviews'
import { silentLogger } from '../../../../../src/main/core/errors'
import { tempDir } from '../../../../support/service'
import type { RaceAnswer, RaceCommand } from './save-race-child'

const ROUNDS = 30
const dirs: string[] = []
let bundle: string

const GRANT: GrantDetail = {
  id: '22222222-2222-4222-8222-222222222222',
  title: 'Race draft',
  description: '',
  reward: '1 USDC',
  deadline: '2099-01-01T00:00:00.000Z',
  application_schema: null,
  template_md: '# Race\n\nAlpha paragraph.\n\nMiddle paragraph.\n\nBeta paragraph.\n',
  _apply_endpoint: 'POST /api/build/22222222-2222-4222-8222-222222222222/apply',
}

beforeAll(async () => {
  const cache = join(process.cwd(), 'node_modules', '.cache')
  mkdirSync(cache, { recursive: true })
  const out = mkdtempSync(join(cache, 'grant-desk-save-race-'))
  dirs.push(out)
  await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      ssr: join(import.meta.dirname, 'save-race-child.ts'),
      outDir: out,
      target: 'node20',
      emptyOutDir: true,
      minify: false,
      rolldownOptions: { output: { entryFileNames: 'save-race-child.mjs', format: 'es' } },
    },
    ssr: { target: 'node' },
  })
  bundle = join(out, 'save-race-child.mjs')
}, 60_000)

afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A child process with its own drafts store: `send` a command, get its answer. */
function startChild(folder: string, trashDir: string): { send: (command: RaceCommand) => Promise<RaceAnswer>; stop: () => Promise<void> } {
  const child: ChildProcess = spawn(process.execPath, [bundle, folder, trashDir], { stdio: ['pipe', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const waiting: ((answer: RaceAnswer) => void)[] = []
  createInterface({ input: child.stdout! }).on('line', (line) => waiting.shift()?.(JSON.parse(line) as RaceAnswer))
  const exited = new Promise<void>((done) => child.on('exit', () => done()))
  return {
    send: (command) =>
      new Promise<RaceAnswer>((resolve, reject) => {
        waiting.push(resolve)
        child.stdin!.write(`${JSON.stringify(command)}\n`)
        void exited.then(() => reject(new Error(`the child exited: ${stderr}`)))
      }),
    stop: async () => {
      child.stdin!.end()
      await exited
    },
  }
}

function edit(pitch: string, paragraph: 'Alpha' | 'Middle' | 'Beta', text: string): string {
  return pitch.replace(new RegExp(`^${paragraph}[^\\n]*$`, 'm'), `${paragraph} ${text}`)
}

describe('two processes saving one draft from one base at the same moment', () => {
  it(`never acknowledge a save whose text is not in the file (${ROUNDS} rounds of plain saves, ${ROUNDS} of merging saves)`, async () => {
    const folder = tempDir('grant-desk-race-drafts-')
    const trashDir = tempDir('grant-desk-race-trash-')
    dirs.push(folder, trashDir)
    const store = new DraftStore({ reviewBriefs: readReviewBrief, folder: () => folder, trashDir, log: silentLogger })
    const draft = await store.create({ grant: GRANT, grantType: 'grant' })
    const a = startChild(folder, trashDir)
    const b = startChild(folder, trashDir)
    const tally = { acknowledged: 0, conflicts: 0, merged: 0, silentOverwrites: 0 }
    try {
      for (const mode of ['save', 'merge'] as const) {
        for (let round = 0; round < ROUNDS; round++) {
          const current = await store.get(draft.id)
          const base = { pitch: current.pitch, customFields: current.customFields }
          const at = Date.now() + 40
          const mine = { Alpha: `${mode} round ${round} from A.`, Beta: `${mode} round ${round} from B.` }
          const common = { round, mode, at, id: draft.id, baseVersion: current.version, base, customFields: current.customFields }
          const answers = await Promise.all([
            a.send({ ...common, pitch: edit(current.pitch, 'Alpha', mine.Alpha) }),
            b.send({ ...common, pitch: edit(current.pitch, 'Beta', mine.Beta) }),
          ])
          const file = parseDraftFile(readFileSync(draft.path, 'utf8'))
          answers.forEach((answer, side) => {
            const line = side === 0 ? `Alpha ${mine.Alpha}` : `Beta ${mine.Beta}`
            expect(answer.outcome, `${mode} round ${round}`).not.toBe('refused')
            if (answer.outcome === 'saved' || answer.outcome === 'merged') {
              tally.acknowledged += 1
              if (answer.outcome === 'merged') tally.merged += 1
              if (!file.pitch.includes(line)) tally.silentOverwrites += 1
            } else {
              tally.conflicts += 1
            }
          })
          // One of the two always gets through; with merging saves, both do.
          expect(answers.filter((answer) => answer.outcome === 'saved' || answer.outcome === 'merged').length, `${mode} round ${round}`).toBe(
            mode === 'save' ? 1 : 2,
          )
        }
      }
    } finally {
      await Promise.all([a.stop(), b.stop()])
    }
    expect(tally.silentOverwrites).toBe(0)
    // Plain saves: one of each round is refused; merging saves: the later one merged.
    expect(tally).toEqual({ acknowledged: 3 * ROUNDS, conflicts: ROUNDS, merged: ROUNDS, silentOverwrites: 0 })
    // No lock is left behind.
    expect(readdirSync(folder).filter((name) => name.endsWith('.lock'))).toEqual([])
  }, 120_000)

  it('answers the later of two overlapping edits as a conflict, writing nothing for it', async () => {
    const folder = tempDir('grant-desk-race-drafts-')
    const trashDir = tempDir('grant-desk-race-trash-')
    dirs.push(folder, trashDir)
    const store = new DraftStore({ reviewBriefs: readReviewBrief, folder: () => folder, trashDir, log: silentLogger })
    const draft = await store.create({ grant: GRANT, grantType: 'grant' })
    const a = startChild(folder, trashDir)
    const b = startChild(folder, trashDir)
    try {
      const base = { pitch: draft.pitch, customFields: draft.customFields }
      const common = { round: 0, mode: 'merge' as const, at: Date.now() + 40, id: draft.id, baseVersion: draft.version, base, customFields: {} }
      const answers = await Promise.all([
        a.send({ ...common, pitch: edit(draft.pitch, 'Middle', 'by A.') }),
        b.send({ ...common, pitch: edit(draft.pitch, 'Middle', 'by B.') }),
      ])
      expect(answers.map((answer) => answer.outcome).sort()).toEqual(['conflict', 'saved'])
      const saved = answers.find((answer) => answer.outcome === 'saved') as Extract<RaceAnswer, { pitch: string }>
      expect(parseDraftFile(readFileSync(draft.path, 'utf8')).pitch).toBe(saved.pitch)
    } finally {
      await Promise.all([a.stop(), b.stop()])
    }
  }, 60_000)
})
