/**
 * Signed verdicts with the real `ssh-keygen`: keys generated here, verdicts signed through the
 * app's core (Settings → Signing key, then reviews.setVerdict), verified by the CLI gate
 * against an allowed-signers file in git's format. Unsigned, wrongly signed (edited after
 * signing, signed with someone else's key) and unknown-key verdicts are not counted, each with
 * its reason.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SIGNATURE_NAMESPACE } from '../../../../../../src/shared/review'
import { SignatureVerifier, signWithSshKey } from '../../../../../../src/main/core/reviews/signing/ssh-signatures'
import { startTestService, tempDir, testFixture, type TestService } from '../../../../../support/service'
import { gate, giveVerdict, plant, recordsOf, startDraft, teammate, type Teammate } from '../../../../../support/team'

let service: TestService
let keys: string
let folder: string
let ada: Teammate
let ben: Teammate
let draftId: string

function keygen(name: string, passphrase = ''): string {
  const path = join(keys, name)
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', passphrase, '-C', name, '-f', path])
  return path
}
function publicKey(path: string): string {
  return readFileSync(`${path}.pub`, 'utf8').trim().split(/\s+/).slice(0, 2).join(' ')
}

let adaKey: string
let benKey: string
let eveKey: string

beforeAll(async () => {
  service = await startTestService({ fixture: testFixture() })
  keys = tempDir('grant-desk-keys-')
  adaKey = keygen('ada')
  benKey = keygen('ben')
  eveKey = keygen('eve')
})
afterAll(async () => {
  await service.close()
  rmSync(keys, { recursive: true, force: true })
})

beforeEach(async () => {
  folder = tempDir('grant-desk-signed-')
  // The team's allowed-signers file lists Ada and Ben (a name with a space, quoted as ssh-keygen reads it); Eve's key is not in it.
  writeFileSync(
    join(folder, 'allowed_signers'),
    [`Ada ${publicKey(adaKey)}`, `"Ben Okri" namespaces="${SIGNATURE_NAMESPACE}" ${publicKey(benKey)}`, ''].join('\n'),
  )
  writeFileSync(join(folder, '.grant-desk.yaml'), 'review:\n  require_signed_verdicts: true\n  allowed_signers: allowed_signers\n')
  ada = await teammate(service.url, folder, 'Ada', { signingKey: adaKey })
  ben = await teammate(service.url, folder, 'Ben Okri', { signingKey: benKey })
  draftId = (await startDraft(ada, folder)).id
})
afterEach(async () => {
  await Promise.all([ada.dispose(), ben.dispose()])
  rmSync(folder, { recursive: true, force: true })
})

describe('signed verdicts', () => {
  it('signs through the app with the key chosen in Settings, and the CLI gate verifies it: exit 0', async () => {
    const record = await giveVerdict(ben, folder, draftId, 'approve', 'Signed off.')
    expect(record.signature).toMatch(/^-----BEGIN SSH SIGNATURE-----\n[\s\S]+-----END SSH SIGNATURE-----\n$/)
    // The private key never enters the settings file: only its path does.
    const settings = readFileSync(join(ben.dataDir, 'settings.json'), 'utf8')
    expect(settings).toContain(benKey)
    expect(settings).not.toContain('PRIVATE KEY')
    const result = await gate(folder, draftId)
    expect(result.report.verdicts[0]).toMatchObject({ author: 'Ben Okri', signature: 'verified', counted: true })
    expect(result.code).toBe(0)
  })

  it('does not count an unsigned verdict where the policy requires signatures', async () => {
    await ben.call('settings.update', { signingKey: null })
    await giveVerdict(ben, folder, draftId, 'approve')
    const result = await gate(folder, draftId)
    expect(result.code).toBe(1)
    expect(result.report.verdicts[0]).toMatchObject({
      signature: 'none',
      counted: false,
      reason: expect.stringContaining('is not signed, and the review policy requires signed verdicts'),
    })
  })

  it('does not count a signed verdict edited after signing (its note, its verdict, its chain)', async () => {
    const request = await giveVerdict(ben, folder, draftId, 'request-changes', 'No.')
    plant(folder, draftId, { ...request, verdict: 'approve', note: 'Yes.' })
    const result = await gate(folder, draftId)
    expect(result.code).toBe(1)
    expect(result.report.verdicts[0]).toMatchObject({
      signature: 'bad',
      counted: false,
      reason: expect.stringContaining('its signature does not match its content'),
    })
  })

  it('does not count a verdict signed with another teammate’s key under Ben’s name', async () => {
    // Ada signs a verdict that names Ben as its author, with her own key.
    await ada.call('settings.update', { reviewerName: 'Ben Okri' })
    const forged = await giveVerdict(ada, folder, draftId, 'approve')
    const result = await gate(folder, draftId)
    expect(result.code).toBe(1)
    const report = result.report.verdicts.find((verdict) => verdict.id === forged.id)
    expect(report).toMatchObject({
      signature: 'bad',
      counted: false,
      reason: expect.stringContaining('it is signed with the key of Ada in the allowed-signers file, not with a key of Ben Okri'),
    })
  })

  it('does not count a verdict signed with a key that is not in the allowed-signers file', async () => {
    await ben.call('settings.update', { signingKey: eveKey })
    await giveVerdict(ben, folder, draftId, 'approve')
    const result = await gate(folder, draftId)
    expect(result.code).toBe(1)
    expect(result.report.verdicts[0]).toMatchObject({
      signature: 'bad',
      counted: false,
      reason: expect.stringContaining('signed with a key that is not in the allowed-signers file'),
    })
  })

  it('does not count a signed approval copied into another draft with the same text', async () => {
    const approval = await giveVerdict(ben, folder, draftId, 'approve')
    const copy = await ada.call('drafts.create', {
      grantId: (await ada.call('drafts.get', { id: draftId })).grant.id,
      pitch: (await ada.call('drafts.get', { id: draftId })).pitch,
      customFields: { project_name: 'Tracekit' },
    })
    const { mkdirSync } = await import('node:fs')
    mkdirSync(join(folder, `${copy.id}.reviews`), { recursive: true })
    plant(folder, copy.id, approval)
    const result = await gate(folder, copy.id)
    expect(result.code).toBe(1)
    expect(result.report.verdicts.find((verdict) => verdict.id === approval.id)).toMatchObject({ signature: 'bad', counted: false })
  })

  it('refuses to record a verdict when the key cannot sign (a passphrase it would have to ask for), and writes nothing', async () => {
    const locked = keygen('locked', 'correct horse')
    await ben.call('settings.update', { signingKey: locked })
    const draft = await ben.call('drafts.get', { id: draftId })
    const before = recordsOf(folder, draftId).length
    const error = await ben.fail('reviews.setVerdict', { draftId, verdict: 'approve', note: '', baseVersion: draft.version })
    expect(error.code).toBe('invalid_input')
    expect(error.message).toMatch(/needs its passphrase.*ssh-agent/)
    expect(recordsOf(folder, draftId)).toHaveLength(before)
  })

  it('keeps ssh-keygen’s verdicts: a listing that reads the same verdict again does not run it again', async () => {
    const verifier = new SignatureVerifier()
    const payload = '["grant-desk-verdict/1"]'
    const signature = await signWithSshKey(adaKey, payload, SIGNATURE_NAMESPACE)
    const input = {
      allowedSignersPath: join(folder, 'allowed_signers'),
      allowedSigners: readFileSync(join(folder, 'allowed_signers'), 'utf8'),
      principal: 'Ada',
      namespace: SIGNATURE_NAMESPACE,
      payload,
      signature,
    }
    expect(await verifier.verify(input)).toEqual({ ok: true })
    // With no ssh-keygen to run, the same question is answered from memory, and a new one cannot be.
    process.env['GRANT_DESK_SSH_KEYGEN'] = join(keys, 'no-such-ssh-keygen')
    try {
      expect(await verifier.verify(input)).toEqual({ ok: true })
      expect(await verifier.verify({ ...input, payload: `${payload} ` })).toEqual({
        ok: false,
        reason: expect.stringContaining('could not be checked: ssh-keygen (OpenSSH 8.2 or newer) is not installed'),
      })
    } finally {
      delete process.env['GRANT_DESK_SSH_KEYGEN']
    }
    expect(await verifier.verify({ ...input, namespace: 'git' })).toMatchObject({ ok: false })
  })
})
