/**
 * Names that cannot mislead: hidden characters (control, zero-width, bidi) and Latin mixed with
 * look-alike scripts are refused in Settings (by the contract every settings.update crosses)
 * and flagged in records; names equal under NFKC, case and spacing are one person.
 */
import { describe, expect, it } from 'vitest'
import { ipcContract } from '../../../../src/shared/ipc'
import { identityKey, nameProblem, samePerson, showHidden } from '../../../../src/shared/review'

describe('reviewer names', () => {
  it.each([
    ['Ben\u200B', 'U+200B'],
    ['\u202EnimdA', 'U+202E'],
    ['Ada\u2066x\u2069', 'U+2066, U+2069'],
    ['Ada\u0007', 'U+0007'],
    ['Ada\u001b[2J', 'U+001B'],
    ['A\u00ADda', 'U+00AD'],
    ['Ada\uFEFF', 'U+FEFF'],
    ['Ada\u3164', 'U+3164'],
  ])('flags %j, naming %s', (name, codes) => {
    expect(nameProblem(name)).toContain(`(${codes})`)
    expect(showHidden(name)).not.toBe(name)
  })

  it('flags Latin letters mixed with Cyrillic or Greek look-alikes, and accepts names in one script or with accents', () => {
    expect(nameProblem('Веn')).toContain('mixes Latin and Cyrillic')
    expect(nameProblem('Αda')).toContain('mixes Latin and Greek')
    for (const name of ['Ada Lovelace', 'Zoë Müller-Łukasz', 'Дмитрий', 'Σωκράτης', '山田 太郎', 'O’Brien', 'ben@example.org'])
      expect(nameProblem(name)).toBeNull()
  })

  it('counts names equal under NFKC, case and spacing as one person, and look-alikes from other scripts as others', () => {
    expect(samePerson('Ada Lovelace', 'ＡＤＡ  LOVELACE ')).toBe(true)
    expect(samePerson('ﬁona', 'fiona')).toBe(true)
    expect(identityKey('Ben')).not.toBe(identityKey('Веn'))
  })

  it('is refused by the contract of settings.update, with the reason, and an empty name is still allowed', () => {
    const input = ipcContract['settings.update'].input
    const refused = input.safeParse({ reviewerName: 'Ben\u200B' })
    expect(refused.success).toBe(false)
    expect(JSON.stringify(refused.error?.issues)).toContain('characters that do not show or that reorder text (U+200B)')
    expect(input.safeParse({ reviewerName: 'Веn' }).success).toBe(false)
    expect(input.safeParse({ reviewerName: '' }).success).toBe(true)
    expect(input.safeParse({ reviewerName: ' Ada Lovelace ' }).success).toBe(true)
    expect(input.safeParse({ signingKey: 'id_ed25519' }).success).toBe(false)
    expect(input.safeParse({ signingKey: '/home/ada/.ssh/id_ed25519' }).success).toBe(true)
  })
})
