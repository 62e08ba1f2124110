/**
 * Who a name in a review record is. A reviewer name is typed in Settings and written into every
 * record; it proves nothing (anyone can type any name, or edit a record), so this module only
 * makes sure a name cannot *look* like someone else's:
 *
 * - characters that do not show, or that reorder what follows them (control characters,
 *   zero-width spaces and joiners, bidi overrides and isolates, soft hyphens, fillers), are
 *   refused in Settings and flagged in records read from disk: such a name is shown escaped
 *   ("Ada⟨U+200B⟩") and its verdicts are not counted;
 * - names that differ only in Unicode form, width, case or spacing ("Ada", "ＡＤＡ", "ada ")
 *   are one person (`identityKey`: NFKC, lower case, spaces collapsed);
 * - a name mixing Latin letters with Cyrillic or Greek ones ("Аda" with a Cyrillic А) is
 *   flagged as a look-alike, since NFKC does not unify such homoglyphs.
 *
 * What does prove who gave a verdict is a signature (see policy.ts and the README's "identity
 * model"). Pure functions: the core, the CLI and the renderer all use them.
 */

/**
 * Characters that do not show or that change how the text around them is shown: control (Cc),
 * format (Cf: zero-width, bidi marks, overrides and isolates, soft hyphen, BOM, tags), lone
 * surrogates, private use, line and paragraph separators, and the Hangul fillers, which render
 * as blank space without being spaces.
 */
// Each code point is listed on its own (U+034F joins nothing here): the rule's worry about combined characters does not apply.
// eslint-disable-next-line no-misleading-character-class
const HIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0\u034F]/u
// eslint-disable-next-line no-misleading-character-class
const HIDDEN_ALL = new RegExp(HIDDEN.source, 'gu')

/** Whether the text holds a character that would not show as itself (see HIDDEN). */
export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN.test(text)
}

/** The text with each hidden character written out, `Ada⟨U+200B⟩`, so a reader sees it is there. */
export function showHidden(text: string): string {
  return text.replace(HIDDEN_ALL, (char) => `⟨U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`)
}

const LATIN = /\p{Script=Latin}/u
const LOOK_ALIKE_SCRIPTS: readonly [string, RegExp][] = [
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
]

/**
 * What is wrong with a reviewer name, or null when it is fine: hidden characters, or Latin
 * letters mixed with Cyrillic or Greek ones (which look alike: "Аda", "Bеn").
 */
export function nameProblem(name: string): string | null {
  if (name.trim() === '') return 'is empty'
  if (hasHiddenCharacters(name)) {
    return `contains characters that do not show or that reorder text (${describeHidden(name)}), so it could pass for another name`
  }
  if (LATIN.test(name)) {
    for (const [script, pattern] of LOOK_ALIKE_SCRIPTS) {
      if (pattern.test(name)) return `mixes Latin and ${script} letters, which look alike, so it could pass for another name`
    }
  }
  return null
}

/** "U+200B, U+202E": the hidden characters of a text, each once, in order. */
export function describeHidden(text: string): string {
  const seen = new Set<string>()
  for (const char of text.match(HIDDEN_ALL) ?? []) seen.add(`U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`)
  return [...seen].slice(0, 5).join(', ')
}

/**
 * The person a name stands for: names equal under NFKC (full-width letters, ligatures,
 * compatibility forms), case and spacing are one person. Two records by "Ada" and "ＡＤＡ" are
 * one reviewer's; an author "Ada" and an approver "ada" are the same person.
 */
export function identityKey(name: string): string {
  return name.normalize('NFKC').toLowerCase().normalize('NFKC').replace(/\s+/gu, ' ').trim()
}

/** Whether two names are one person (see identityKey). */
export function samePerson(a: string, b: string): boolean {
  return identityKey(a) === identityKey(b)
}
