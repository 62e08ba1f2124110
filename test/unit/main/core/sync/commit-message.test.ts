/**
 * What a sync's commit message may carry of a title or a name (commit.ts, messageText): no
 * control character, no bidi mark, override or isolate, no zero-width character; the rest of
 * the text as it was.
 */
import { describe, expect, it } from 'vitest'
import { messageText } from '../../../../../src/main/core/sync/commit'

describe('messageText', () => {
  it('turns controls into a space and drops reordering and zero-width characters', () => {
    expect(messageText('Polar\x1b]0;pwned\x07grant')).toBe('Polar ]0;pwned grant')
    expect(messageText('\x1b[31mred\x1b[0m')).toBe(' [31mred [0m')
    expect(messageText('two\nlines\r\tand\x9b2J')).toBe('two lines and 2J')
    expect(messageText('a\u202Eb\u202Cc\u2066d\u2069e\u200Ef\u061Cg')).toBe('abcdefg')
    expect(messageText('z\u200Bw\u200C\u200D\u2060j\uFEFF')).toBe('zwj')
  })

  it('keeps letters, accents, emoji and punctuation of every script', () => {
    for (const text of ['Ada Lovelace', 'Zoë “Ø” Ñandú — 50 %', '北極 グラント', 'مِنحة', 'Grant 🚀 #2']) expect(messageText(text)).toBe(text)
  })
})
