/**
 * YAML that the parser cannot survive, in a shared drafts folder, through the real core against
 * the real sandbox: an 8 MB front matter of `[[[[…` took the yaml parser past 4 GB and killed
 * the process; `- - - …` on one line took 540 MB per million; 800,000 keys held the core for 15 s.
 * Each is now measured with the lexer first (linear, keeps nothing) and refused unread: the file
 * alone is listed as damaged (or its record as unreadable), quickly, and nothing is written.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { DraftSummary } from '../../../../../src/shared/ipc'
import { MAX_FLOW_DEPTH, MAX_LINE_INDICATORS, MAX_YAML_TOKENS, yamlShapeProblem } from '../../../../../src/shared/text'
import { startTestCore, type TestCore } from '../../../../support/core'
import { IDS, startTestService, tempDir, testFixture, type TestService } from '../../../../support/service'

const MB = 1024 * 1024

let service: TestService
let app: TestCore | null = null

beforeAll(async () => {
  service = await startTestService({ fixture: testFixture() })
})
afterAll(async () => {
  await service.dispose()
})
afterEach(async () => {
  await app?.dispose()
  app = null
})

async function start(): Promise<{ core: TestCore; folder: string }> {
  const folder = join(tempDir('grant-desk-yaml-shape-'), 'drafts')
  app = await startTestCore({ serviceUrl: service.url })
  await app.call('settings.update', { draftsFolder: folder, reviewerName: 'Ada' })
  return { core: app, folder }
}

function reasonOf(items: readonly DraftSummary[], id: string): string {
  const item = items.find((entry) => entry.id === id)
  if (item?.state !== 'damaged') throw new Error(`expected ${id} to be damaged, got ${JSON.stringify(item)?.slice(0, 300)}`)
  return item.reason
}

/** A draft made by the core, with `yaml` put at the top of its front matter. */
function withFrontMatter(draft: Buffer, yaml: string): string {
  const text = draft.toString('utf8')
  expect(text.startsWith('---\n')).toBe(true)
  return `---\n${yaml}\n${text.slice(4)}`
}

describe('front matter the YAML parser cannot survive', () => {
  it('8 MB of nested lists, a line of 4 million "- " and 700,000 keys are each one damaged draft, listed within seconds', async () => {
    const { core, folder } = await start()
    const good = await core.call('drafts.create', { grantId: IDS.open })
    const bytes = readFileSync(join(folder, good.fileName))
    const deep = Math.floor(3.9 * MB)
    writeFileSync(join(folder, 'nested.md'), withFrontMatter(bytes, `x: ${'['.repeat(deep)}${']'.repeat(deep)}`))
    writeFileSync(join(folder, 'dashes.md'), withFrontMatter(bytes, `x:\n  ${'- '.repeat(deep)}y`))
    const keys = Array.from({ length: 700_000 }, (_, i) => `k${i}: v`).join('\n')
    writeFileSync(join(folder, 'keys.md'), withFrontMatter(bytes, keys))
    for (const name of ['nested.md', 'dashes.md', 'keys.md']) expect(readFileSync(join(folder, name)).length).toBeLessThan(8 * MB)
    const before = Object.fromEntries(['nested.md', 'dashes.md', 'keys.md'].map((name) => [name, readFileSync(join(folder, name))]))

    const started = Date.now()
    const { items } = await core.call('drafts.list')
    // Before the lexer's count, the first of these ran the process out of memory and the last held the core for more than 10 s.
    expect(Date.now() - started).toBeLessThan(8_000)
    expect(items.find((item) => item.id === good.id)).toMatchObject({ state: 'ok' })
    expect(reasonOf(items, 'nested')).toBe(
      `nested.md could not be read as a draft: the front matter was not read, because it is nested too deeply (lists or maps inside each other more than ${MAX_FLOW_DEPTH} times). Fix the file by hand in a text editor, or delete it.`,
    )
    expect(reasonOf(items, 'dashes')).toMatch(
      new RegExp(
        `^dashes\\.md could not be read as a draft: the front matter was not read, because it is nested too deeply \\(more than ${MAX_LINE_INDICATORS} lists or maps opened on one line\\)`,
      ),
    )
    expect(reasonOf(items, 'keys')).toMatch(
      /^keys\.md could not be read as a draft: the front matter was not read, because it has far more items than any Grant Desk file \(over 500,000 YAML tokens\)/,
    )
    // Opening one says the same; nothing in the folder was written.
    expect(await core.fail('drafts.get', { id: 'nested' })).toMatchObject({ code: 'storage_error', message: reasonOf(items, 'nested') })
    for (const [name, content] of Object.entries(before)) expect(readFileSync(join(folder, name)).equals(content), name).toBe(true)
    // The core is still up and still writes drafts.
    expect((await core.call('drafts.create', { grantId: IDS.open })).status).toBe('draft')
  })

  it('a review record of nested lists is unreadable on its own; the draft lists and can still be reviewed', async () => {
    const { core, folder } = await start()
    const good = await core.call('drafts.create', { grantId: IDS.open })
    mkdirSync(join(folder, `${good.id}.reviews`))
    const name = '20261124T060000000Z-0badf00d.yaml'
    const deep = Math.floor(3.9 * MB)
    writeFileSync(join(folder, `${good.id}.reviews`, name), `id: 20261124T060000000Z-0badf00d\nkind: thread\nbody: ${'['.repeat(deep)}${']'.repeat(deep)}\n`)

    const started = Date.now()
    const { items } = await core.call('drafts.list')
    expect(Date.now() - started).toBeLessThan(8_000)
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({ id: good.id, state: 'ok', review: { unreadable: 1 } })
    const review = await core.call('reviews.get', { draftId: good.id })
    expect(review.unreadable).toEqual([
      {
        fileName: name,
        reason: `${name} is too complex to be a review record: it is nested too deeply (lists or maps inside each other more than ${MAX_FLOW_DEPTH} times). Grant Desk leaves it untouched: fix it in a text editor, or delete it.`,
      },
    ])
    const after = await core.call('reviews.addThread', { draftId: good.id, anchor: { target: 'draft' }, body: 'Still works.' })
    expect(after.threads.map((thread) => thread.body)).toEqual(['Still works.'])
  })
})

describe('the shape count', () => {
  it('passes what Grant Desk writes, and text that only looks like structure inside a value', async () => {
    const { core, folder } = await start()
    const draft = await core.call('drafts.create', { grantId: IDS.open })
    const frontMatter = readFileSync(join(folder, draft.fileName), 'utf8').split('\n---\n')[0]!.slice(4)
    expect(yamlShapeProblem(frontMatter)).toBeNull()
    // Brackets and dashes inside values are text, not nesting: quoted, plain and block scalars.
    const values = [
      `a: "${'['.repeat(1000)}"`,
      `b: '${'{'.repeat(1000)}'`,
      `c: x${'- '.repeat(1000)}`,
      `d: |\n  ${'[[ - ? : '.repeat(1000)}`,
      `e: ${'['.repeat(100)}${']'.repeat(100)}`,
    ].join('\n')
    expect(yamlShapeProblem(values)).toBeNull()
    // A save whose fields hold such text (and a 7 MB value: one token) is written and lists as a draft.
    const saved = await core.call('drafts.save', {
      id: draft.id,
      pitch: draft.pitch,
      customFields: { notes: `${'['.repeat(500)} - - - ? : {{{`, details: 'x'.repeat(7 * MB) },
      baseVersion: draft.version,
    })
    expect((await core.call('drafts.list')).items.find((item) => item.id === draft.id)).toMatchObject({ state: 'ok', version: saved.version })
  })

  it('counts flow nesting and indicators per line up to their bound, and tokens', () => {
    expect(yamlShapeProblem(`x: ${'['.repeat(MAX_FLOW_DEPTH)}${']'.repeat(MAX_FLOW_DEPTH)}`)).toBeNull()
    expect(yamlShapeProblem(`x: ${'{a: '.repeat(MAX_FLOW_DEPTH + 1)}1${'}'.repeat(MAX_FLOW_DEPTH + 1)}`)).toMatch(
      /nested too deeply \(lists or maps inside each other/,
    )
    // Brackets on separate lines nest all the same.
    expect(yamlShapeProblem(`x:\n${'[\n'.repeat(MAX_FLOW_DEPTH + 1)}`)).toMatch(/nested too deeply/)
    expect(yamlShapeProblem(`${'- '.repeat(MAX_LINE_INDICATORS)}y`)).toBeNull()
    expect(yamlShapeProblem(`${'- '.repeat(MAX_LINE_INDICATORS + 1)}y`)).toMatch(/opened on one line/)
    // Inside brackets only the brackets nest: a long flow map on one line is one level.
    expect(yamlShapeProblem(`x: {${Array.from({ length: 500 }, (_, i) => `k${i}: [${i}, ${i}]`).join(', ')}}`)).toBeNull()
    // Indicators count per line: many short lines are fine.
    expect(yamlShapeProblem(Array.from({ length: 5_000 }, () => '- - y').join('\n'))).toBeNull()
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `- ${i}`).join('\n')
    // A line "- i" is at least 4 tokens ("-", " ", a scalar's mark and its text) and at most 6.
    expect(yamlShapeProblem(lines(Math.floor(MAX_YAML_TOKENS / 6)))).toBeNull()
    expect(yamlShapeProblem(lines(Math.ceil(MAX_YAML_TOKENS / 4) + 1))).toMatch(/far more items/)
  })
})
