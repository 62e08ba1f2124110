/**
 * Words and characters of a text, as an applicant counts them against a program's limit: the
 * template's hint comments (`<!-- … -->`) are not the applicant's words and are left out.
 */
import { wordCount } from '../../../../shared/checklist'
import { count, plural } from '../../../../shared/text'

export interface TextCounts {
  words: number
  characters: number
}

const COMMENT = /<!--[\s\S]*?(?:-->|$)/g

export function countText(text: string): TextCounts {
  const own = text.includes('<!--') ? text.replace(COMMENT, '') : text
  return { words: wordCount(own), characters: own.replace(/\r\n/g, '\n').trim().length }
}

/** "412 words · 2,630 characters", or with a known limit "2,630 of 3,000 characters" / "3,120 of 3,000 characters (120 too many)". */
export function describeCounts({ words, characters }: TextCounts, maxCharacters?: number): string {
  const chars =
    maxCharacters === undefined
      ? plural(characters, 'character')
      : `${count(characters)} of ${plural(maxCharacters, 'character')}${characters > maxCharacters ? ` (${count(characters - maxCharacters)} too many)` : ''}`
  return `${plural(words, 'word')} · ${chars}`
}
