/**
 * Text that came from a file, made safe to print to a terminal or a CI log. A comment body, a
 * note, an author name or a file name can hold escape sequences: ESC starts ones that change
 * the window's title, draw OSC 8 links, clear the screen or hide text; BEL, C1 controls (the
 * 8-bit forms of the same) and a lone CR (which returns to the start of the line and prints
 * over it) do the rest. Bidi overrides and isolates reorder what follows them (Trojan Source).
 *
 * Each such character is written out instead (`\x1B`, `\r`, `\u{202E}`), so the reader sees
 * that it is there and the terminal never acts on it. The JSON and SARIF outputs need none of
 * this: JSON.stringify escapes every control character, and a JSON reader gets the exact text.
 */

/** Every C0 control, DEL and every C1 control (U+0080–U+009F). */
// eslint-disable-next-line no-control-regex -- control characters are what this pattern is about
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/g
/** Bidi marks, embeddings, overrides and isolates, and the line and paragraph separators. */
const REORDERING = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]/g

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

export function escapeForTerminal(text: string): string {
  return text
    .replace(CONTROL, (char) => NAMED[char] ?? `\\x${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)
    .replace(REORDERING, (char) => `\\u{${char.charCodeAt(0).toString(16).toUpperCase()}}`)
}

/** Text output, one escaped line per element, joined with the line breaks the CLI itself writes. */
export function terminalLines(lines: readonly string[]): string {
  return lines.map(escapeForTerminal).join('\n')
}
