/**
 * `export.reviewCopy` and `export.pdf` through a real core (the one the Electron shell and the
 * browser host run) and a real sandbox: the copy is of the draft as saved on disk, with its
 * review records; the sponsor comes from the service (or its cache) and is left out when
 * neither answers; the PDF is made only where the host gave the core a printer.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { describe, expect } from 'vitest'
import { draftVersion } from '../../../../../src/main/core/folder/fs'
import { PDF_UNAVAILABLE_MESSAGE, type PdfPrinter } from '../../../../../src/main/core/export/service'
import { quoteAt } from '../../../../../src/shared/review'
import { startTestCore, type TestCore } from '../../../../support/core'
import { coreTest } from '../../../../support/core-test'
import { IDS, tempDir } from '../../../../support/service'

const PITCH = '# Tracekit\n\n## Problem\n\nWallet developers cannot see why a transaction failed.\n\n## Budget\n\nWe ask for 40,000 USD over six months.\n'

let folder: string

coreTest.beforeEach(async ({ app }) => {
  folder = tempDir('grant-desk-export-')
  await app.call('settings.update', { draftsFolder: folder, reviewerName: 'Ada' })
})

async function savedDraft(core: TestCore) {
  const created = await core.call('drafts.create', { grantId: IDS.open })
  return core.call('drafts.save', {
    id: created.id,
    pitch: PITCH,
    customFields: { project_name: 'Tracekit', repo: 'https://github.com/tracekit/tracekit' },
    baseVersion: created.version,
  })
}

/** A port nothing listens on: the service is "offline". */
async function deadUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as { port: number }
  await new Promise<void>((done) => server.close(() => done()))
  return `http://127.0.0.1:${port}`
}

describe('export.reviewCopy', () => {
  coreTest('returns the saved version with its open threads, the sponsor from the service and a file name', async ({ app }) => {
    const draft = await savedDraft(app)
    const start = PITCH.indexOf('cannot see why')
    await app.call('reviews.addThread', {
      draftId: draft.id,
      anchor: { target: 'pitch', quote: quoteAt(PITCH, start, start + 'cannot see why'.length) },
      body: 'Who says so?',
    })
    const settled = await app.call('reviews.addThread', { draftId: draft.id, anchor: { target: 'draft' }, body: 'SETTLED ALREADY' })
    await app.call('reviews.setResolved', { draftId: draft.id, threadId: settled.threads.find((t) => t.body === 'SETTLED ALREADY')!.id, resolved: true })

    const copy = await app.call('export.reviewCopy', { draftId: draft.id })
    expect(copy.savedVersion).toBe(draft.version)
    expect(copy.savedAt).toBe(draft.updatedAt)
    expect(copy.fileName).toMatch(new RegExp(`^${draft.id}-\\d{4}-\\d{2}-\\d{2}\\.html$`))
    expect(copy.pdfAvailable).toBe(false)
    expect(copy.html).toContain('Wallet developers cannot see why a transaction failed.')
    expect(copy.html).toContain('<dt>Sponsor</dt><dd>Test Foundation</dd>')
    expect(copy.html).toContain('Who says so?')
    expect(copy.html).not.toContain('SETTLED ALREADY')
    expect(copy.note).toMatch(/^The copy holds the version saved .+, with its 1 open thread; resolved threads are left out\.$/)
  })

  coreTest('always exports what is on disk: a change made there (a pull, a teammate) is in the copy', async ({ app }) => {
    const draft = await savedDraft(app)
    const text = readFileSync(draft.path, 'utf8').replace('six months', 'nine months')
    writeFileSync(draft.path, text)
    const copy = await app.call('export.reviewCopy', { draftId: draft.id })
    expect(copy.savedVersion).toBe(draftVersion(text))
    expect(copy.savedVersion).not.toBe(draft.version)
    expect(copy.html).toContain('nine months')
  })

  coreTest('works offline, leaving out the sponsor nobody could name, and saying so', async ({ app }) => {
    const draft = await savedDraft(app)
    const offline = await startTestCore({ serviceUrl: await deadUrl() })
    try {
      await offline.call('settings.update', { draftsFolder: folder })
      const copy = await offline.call('export.reviewCopy', { draftId: draft.id })
      expect(copy.savedVersion).toBe(draft.version)
      expect(copy.html).not.toContain('<dt>Sponsor</dt>')
      expect(copy.note).toMatch(/The sponsor is left out: it could not be looked up\.$/)
    } finally {
      await offline.dispose()
    }
  })

  coreTest('answers not_found for a draft that is not there', async ({ app }) => {
    await expect(app.fail('export.reviewCopy', { draftId: 'no-such-draft' })).resolves.toMatchObject({ code: 'not_found' })
  })
})

describe('export.pdf', () => {
  coreTest('is not available without a printer (the browser host), and says what to do instead', async ({ app }) => {
    const draft = await savedDraft(app)
    await expect(app.fail('export.pdf', { draftId: draft.id })).resolves.toEqual({ code: 'invalid_input', message: PDF_UNAVAILABLE_MESSAGE })
  })

  coreTest('hands the copy to the host’s printer and passes its answer on', async ({ service }) => {
    const printed: { html: string; fileName: string }[] = []
    let answer: Awaited<ReturnType<PdfPrinter['print']>> = { path: '/home/ada/tracekit.pdf' }
    const withPrinter = await startTestCore({
      serviceUrl: service.url,
      pdf: {
        print: async (copy) => {
          printed.push(copy)
          return answer
        },
      },
    })
    try {
      await withPrinter.call('settings.update', { draftsFolder: folder })
      const draft = await savedDraft(withPrinter)
      expect((await withPrinter.call('export.reviewCopy', { draftId: draft.id })).pdfAvailable).toBe(true)
      await expect(withPrinter.call('export.pdf', { draftId: draft.id })).resolves.toEqual({ path: '/home/ada/tracekit.pdf' })
      expect(printed).toHaveLength(1)
      expect(printed[0]!.fileName).toMatch(new RegExp(`^${draft.id}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`))
      expect(printed[0]!.html).toContain('Wallet developers cannot see why a transaction failed.')
      answer = { canceled: true }
      await expect(withPrinter.call('export.pdf', { draftId: draft.id })).resolves.toEqual({ canceled: true })
      await expect(withPrinter.fail('export.pdf', { draftId: 'no-such-draft' })).resolves.toMatchObject({ code: 'not_found' })
    } finally {
      await withPrinter.dispose()
    }
  })
})
