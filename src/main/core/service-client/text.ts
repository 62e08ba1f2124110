/** Sentences for the applicant: clipped to a readable length, ending as a sentence. */

/** The longest message taken from a service's error body. */
export const MAX_MESSAGE_CHARS = 300

export function clip(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`
}

export function asSentence(text: string): string {
  return /[.!?…)"”]$/.test(text) ? text : `${text}.`
}
