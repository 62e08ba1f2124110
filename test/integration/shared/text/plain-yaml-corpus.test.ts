import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { newRecordId, serializeRecord } from '../../../../src/shared/review'
import { CORPUS_DIR, corpusPresent } from '../../../support/corpus'
import { readsAsYaml } from '../../../support/plain-yaml'

/**
 * The plain YAML reader on text nobody here wrote: each real proposal's front matter (written
 * by another tool, every string quoted), and its text held in review records as the app writes
 * them (a teammate's approval holds the whole pitch, a thread's comment a paragraph of it).
 * Whatever it reads must be what yaml reads, and it must read what the app writes.
 */
describe.skipIf(!corpusPresent('plain-yaml-corpus.test'))('the plain YAML reader on every real proposal', () => {
  const dir = join(CORPUS_DIR, 'drafts')
  const files = readdirSync(dir).sort()

  it('reads each front matter as yaml does', () => {
    let read = 0
    for (const file of files) {
      const text = readFileSync(join(dir, file), 'utf8')
      const end = text.indexOf('\n---\n', 4)
      expect(end, file).toBeGreaterThan(0)
      if (readsAsYaml(text.slice(4, end + 1))) read++
    }
    expect(read).toBe(files.length)
  })

  it('reads every record holding a real pitch or a paragraph of one as yaml does, but for texts with carriage returns or other control characters', () => {
    // yaml writes those as quoted text over several lines, which the reader leaves to yaml.
    const unusual = /[\r\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ufeff]/
    let read = 0
    let readable = 0
    for (const [n, file] of files.entries()) {
      const text = readFileSync(join(dir, file), 'utf8')
      const pitch = text.slice(text.indexOf('\n---\n', 4) + 5)
      const at = new Date(Date.UTC(2026, 10, 20) + n * 1000)
      const base = { id: newRecordId(at, n.toString(16).padStart(8, '0')), created_at: at.toISOString(), author: 'Ada' }
      const paragraph = pitch.split('\n\n').find((part) => part.length > 200) ?? pitch.slice(0, 500)
      for (const [held, record] of [
        [pitch, serializeRecord({ ...base, kind: 'verdict', verdict: 'approve', note: 'Ready.', reviewed: { hash: 'a'.repeat(64), fields: {}, pitch } })],
        [paragraph, serializeRecord({ ...base, kind: 'thread', anchor: { target: 'draft' }, body: paragraph })],
      ] as const) {
        const wasRead = readsAsYaml(record)
        if (wasRead) read++
        if (!unusual.test(held)) {
          readable++
          expect(wasRead, `${file}: ${record.slice(0, 300)}`).toBe(true)
        }
      }
    }
    expect(read).toBe(readable)
    // Nearly every real proposal is of those.
    expect(readable).toBeGreaterThan(files.length * 2 * 0.95)
  })
})
