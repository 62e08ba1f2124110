/**
 * A team on one shared drafts folder, for the tests of the review gate: real cores (each a
 * teammate's Grant Desk, with their reviewer name), a real sandbox for the grant, real record
 * files, and the `grant-desk` CLI run on the folder as a CI job would.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { main } from '../../src/cli/grant-desk'
import type { DraftReviewReport } from '../../src/cli/review'
import { parseRecordFile, serializeRecord, type ReviewRecord } from '../../src/shared/review'
import { startTestCore, type TestCore } from './core'
import { IDS } from './service'

export const TEAM_PITCH =
  '# Tracekit\n\n## Problem\n\nWallet developers cannot see why a transaction failed.\n\n## Budget\n\nWe ask for 40,000 USD over six months.\n'

export interface Teammate extends TestCore {
  name: string
}

export async function teammate(serviceUrl: string, folder: string, name: string, extra: { signingKey?: string } = {}): Promise<Teammate> {
  const core = await startTestCore({ serviceUrl })
  await core.call('settings.update', { draftsFolder: folder, reviewerName: name, ...(extra.signingKey ? { signingKey: extra.signingKey } : {}) })
  return Object.assign(core, { name })
}

/** The author starts a draft and writes its pitch; resolves once their author record is on disk. */
export async function startDraft(author: Teammate, folder: string): Promise<{ id: string; version: string }> {
  const created = await author.call('drafts.create', { grantId: IDS.open })
  const saved = await author.call('drafts.save', {
    id: created.id,
    pitch: TEAM_PITCH,
    customFields: { project_name: 'Tracekit' },
    baseVersion: created.version,
  })
  await until(`${author.name}'s author record`, () =>
    recordsOf(folder, saved.id).some(({ record }) => record.kind === 'author' && record.author === author.name),
  )
  return { id: saved.id, version: saved.version }
}

export async function until<T>(what: string, check: () => T | undefined | false, ms = 5_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = check()
    if (value) return value
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((done) => setTimeout(done, 25))
  }
}

/** The record files of a draft, read as the app reads them (the ones that parse). */
export function recordsOf(folder: string, draftId: string): { file: string; record: ReviewRecord }[] {
  const dir = join(folder, `${draftId}.reviews`)
  if (!existsSync(dir)) return []
  const out: { file: string; record: ReviewRecord }[] = []
  for (const name of readdirSync(dir).sort()) {
    try {
      out.push({ file: join(dir, name), record: parseRecordFile(name, readFileSync(join(dir, name), 'utf8')) })
    } catch {
      // not a record: the tests that write such files look at them themselves
    }
  }
  return out
}

/** A teammate's verdict through their own app; the record it wrote. */
export async function giveVerdict(
  who: Teammate,
  folder: string,
  draftId: string,
  verdict: 'approve' | 'request-changes',
  note = '',
): Promise<Extract<ReviewRecord, { kind: 'verdict' }>> {
  const draft = await who.call('drafts.get', { id: draftId })
  const before = new Set(recordsOf(folder, draftId).map(({ record }) => record.id))
  await who.call('reviews.setVerdict', { draftId, verdict, note, baseVersion: draft.version })
  const added = recordsOf(folder, draftId).filter(({ record }) => !before.has(record.id) && record.kind === 'verdict')
  if (added.length !== 1) throw new Error(`expected one new verdict record, found ${added.length}`)
  return added[0]!.record as Extract<ReviewRecord, { kind: 'verdict' }>
}

/** Writes a record file as a hostile teammate would: any content, under the name its id asks for (or the one given). */
export function plant(folder: string, draftId: string, record: ReviewRecord, fileName = `${record.id}.yaml`): string {
  const path = join(folder, `${draftId}.reviews`, fileName)
  writeFileSync(path, serializeRecord(record))
  return path
}

export async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = ''
  let err = ''
  const code = await main(argv, { out: (s) => (out += s + '\n'), err: (s) => (err += s + '\n') })
  return { code, out, err }
}

/** `grant-desk review --format json --require-approval <draft>`: the exit code and the one report. */
export async function gate(folder: string, draftId: string, ...extra: string[]): Promise<{ code: number; report: DraftReviewReport; err: string }> {
  const result = await cli('review', '--format', 'json', '--require-approval', ...extra, join(folder, `${draftId}.md`))
  const reports = JSON.parse(result.out) as DraftReviewReport[]
  return { code: result.code, report: reports[0]!, err: result.err }
}
