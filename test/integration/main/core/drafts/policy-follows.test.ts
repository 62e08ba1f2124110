/**
 * The review policy (`.grant-desk.yaml`) and the allowed-signers file it names are sources of the
 * Drafts list, like the drafts and their records: two real cores on one real folder (an author,
 * and Ben who approves), then the policy or the signers file changes on disk, by hand. The
 * author's core tells the views (`drafts.changed`) within 2 s, and its list no longer says
 * "approved" where the Review panel and the gate would not.
 */
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useAuthorAndReviewer } from '../../../../support/author-and-reviewer'
import type { TestCore } from '../../../../support/core'
import { until } from '../../../../support/git-team'
import { IDS } from '../../../../support/service'

let folder: string
let author: TestCore
let reviewer: TestCore
useAuthorAndReviewer('grant-desk-policy-', (pair) => ({ folder, author, reviewer } = pair))

/** A draft of Ada's that Ben approved, listed as approved on Ada's side. */
async function approvedDraft(): Promise<string> {
  const created = await author.call('drafts.create', { grantId: IDS.open })
  const saved = await author.call('drafts.save', {
    id: created.id,
    pitch: '# Tracekit\n\nWhy transactions fail.\n',
    customFields: {},
    baseVersion: created.version,
  })
  await reviewer.call('reviews.setVerdict', { draftId: saved.id, verdict: 'approve', note: '', baseVersion: saved.version })
  const end = Date.now() + 5_000
  for (;;) {
    const listed = (await author.call('drafts.list')).items.find((item) => item.id === saved.id)
    if (listed?.state === 'ok' && listed.review.approval === 'approved') return saved.id
    if (Date.now() > end) throw new Error(`the approval was never listed: ${JSON.stringify(listed)}`)
    await new Promise((done) => setTimeout(done, 50))
  }
}

function toldChanged(core: TestCore, id: string): boolean {
  return core.events.some((event) => event.event === 'drafts.changed' && (event.payload as { ids: string[] }).ids.includes(id))
}

async function approval(core: TestCore, id: string) {
  const listed = (await core.call('drafts.list')).items.find((item) => item.id === id)
  return listed?.state === 'ok' ? listed.review.approval : listed?.state
}

describe('the Drafts list follows the review policy', () => {
  it('stops saying approved within 2 s of the policy asking for two approvals', async () => {
    const id = await approvedDraft()
    author.events.length = 0

    writeFileSync(join(folder, '.grant-desk.yaml'), 'review:\n  approvals: 2\n')
    const started = Date.now()
    await until('drafts.changed after the policy changed', () => toldChanged(author, id), 2_000)
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(await approval(author, id)).not.toBe('approved')
    // The Review panel, read afresh, agrees with the list.
    const review = await author.call('reviews.get', { draftId: id })
    expect(review.policy.approvals).toBe(2)

    // And back: the policy removed, the one approval counts again.
    author.events.length = 0
    rmSync(join(folder, '.grant-desk.yaml'))
    await until('drafts.changed after the policy went', () => toldChanged(author, id), 2_000)
    expect(await approval(author, id)).toBe('approved')
  })

  it('stops saying approved within 2 s of the allowed-signers file going away', async () => {
    writeFileSync(join(folder, 'allowed_signers'), 'Ben ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAbcdefghijklmnopqrstuvwxyz0123456789ABCDEFG\n')
    writeFileSync(join(folder, '.grant-desk.yaml'), 'review:\n  approvals: 1\n  allowed_signers: allowed_signers\n')
    const id = await approvedDraft()
    author.events.length = 0

    rmSync(join(folder, 'allowed_signers'))
    await until('drafts.changed after the signers file went', () => toldChanged(author, id), 2_000)
    expect(await approval(author, id)).not.toBe('approved')
  })

  it('tells nothing while the policy stays as it was', async () => {
    const id = await approvedDraft()
    author.events.length = 0
    await new Promise((done) => setTimeout(done, 1_500))
    expect(toldChanged(author, id)).toBe(false)
    expect(await approval(author, id)).toBe('approved')
  })
})
