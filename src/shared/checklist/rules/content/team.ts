/** The team section's roster: its lists of people, their names, and the team fields of the form. */
import type { List, ListItem, Nodes } from 'mdast'
import { plainText, stripInline, type PitchDocument, type Section } from '../../parse'
import { firstParagraph, quote, sourceOf } from './read'

/** Paragraphs or subsection headings that introduce a list of something other than people. */
const NOT_PEOPLE = /\b(?:prior|previous|past|grants?|projects?|portfolio|track record|publications?|talks?|work|achievements?|shipped|built)\b/i

/**
 * The lists of people in the team sections: top-level lists not introduced by a paragraph or
 * subsection heading about grants, projects or prior work.
 */
function rosterLists(sections: readonly Section[]): List[] {
  const lists: List[] = []
  for (const section of sections) {
    let before: Nodes | undefined
    for (const node of section.nodes) {
      if (node.type === 'list') {
        const context = before && (before.type === 'paragraph' || before.type === 'heading') ? plainText(before) : ''
        if (!NOT_PEOPLE.test(context)) lists.push(node)
      }
      if (node.type !== 'html') before = node
    }
  }
  return lists
}

/** A roster line about the team rather than a person: "Contact Name: …", "Contact Email", "Website", "Legal Structure". */
const NOT_A_PERSON = /^[\W_]*(?:contact|e-?mail|website|web ?site|homepage|legal|registered|address|team(?:'s)? name|payment|phone|telegram|discord|country|location|company|organi[sz]ation)\b/i

export function rosterItems(sections: readonly Section[]): ListItem[] {
  return rosterLists(sections)
    .flatMap((list) => list.children)
    .filter((item) => !NOT_A_PERSON.test(plainText(item).trimStart()))
}

/** The person a roster item is about: its text up to the first comma, colon, dash or bracket. */
export function personName(doc: PitchDocument, item: ListItem): string {
  const paragraph = firstParagraph(item.children)
  const text = paragraph ? stripInline(sourceOf(doc, paragraph)) : ''
  const name = text.split(/[,:;(]|\s[-–—]\s/)[0] ?? ''
  return quote(name, 40) || 'this team member'
}

/** Form fields that describe the team: `team_members`, `founders`, `about_team`; not its size, nor only its name (`team_name`). */
const TEAM_FIELD = (name: string) => /team|member|founder|about/i.test(name) && !/size|count|number|name/i.test(name)

/** The first form field about the team, for a finding about it (the editor focuses that field). */
export function teamFieldName(fields: Readonly<Record<string, string>>): string | undefined {
  return Object.keys(fields).find(TEAM_FIELD)
}

/** Values of form fields about the team (`team_members`, `founders`), for pitches that keep it there. */
export function teamFieldText(fields: Readonly<Record<string, string>>): string {
  return Object.entries(fields)
    .filter(([name]) => TEAM_FIELD(name))
    .map(([, value]) => value)
    .join('\n')
}
