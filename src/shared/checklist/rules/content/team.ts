/** The team section's roster: its lists of people, their names, and the team fields of the form. */
import type { List, ListItem, Nodes, Paragraph } from 'mdast'
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
const NOT_A_PERSON =
  /^[\W_]*(?:contact|e-?mail|website|web ?site|homepage|legal|registered|address|team(?:'s)? name|payment|phone|telegram|discord|country|location|company|organi[sz]ation)\b/i

/** The short label of an item with a list under it ("Performers:", "**Team person №1**:", "Core team"), or null. */
function groupLabel(item: ListItem): string | null {
  const nested = item.children.some((child) => child.type === 'list')
  const head = item.children[0]
  if (!nested || !head || head.type !== 'paragraph') return null
  const label = stripInline(plainText(head)).trim()
  return label.split(/\s+/).length <= 5 && !/https?:\/\//.test(label) ? label : null
}

/** A group label over people of the team: "Performers:", "Core team", "Developers", "Advisors". */
const TEAM_GROUP = /\b(?:\w+(?:ers|ors|ists|ants|ents|ees)|team|crew|staff|people|members|engineers|developers|founders)\b\s*(?:\([^)]*\))?\s*:?\s*$/i
/** Groups of people who are not the team: the grant's reviewers, stakeholders, users, partners. */
const NOT_THE_TEAM = /\b(?:stakeholders?|reviewers?|users?|customers?|partners?|beneficiar\w*|supporters?|sponsors?|community)\b/i

/**
 * The people a roster item is: itself (a person, or a label for one such as "Team person №1"
 * over their details), or, for a group label over a list ("Performers:" over "- Leader: Andrew
 * …", "Core team" over its members), the people of that list. The grant's reviewers or the
 * project's stakeholders listed beside the team are not in it.
 */
function peopleOf(item: ListItem): ListItem[] {
  const label = groupLabel(item)
  if (label === null) return [item]
  if (NOT_THE_TEAM.test(label) || NOT_A_PERSON.test(label)) return []
  if (!TEAM_GROUP.test(label)) return [item]
  return item.children.flatMap((child) => (child.type === 'list' ? child.children.flatMap(peopleOf) : []))
}

/** A list item written as a sentence about the team, not a person's entry: "We have internal stakeholders at …", "The GHC team would review …". */
const SENTENCE_ITEM = /^[\W_]*(?:I|we|these|this|those|the|our|it|they|there|all|most|any|each|every|if|when|in)\s+\S+\s+\S+/i

export function rosterItems(sections: readonly Section[]): ListItem[] {
  return rosterLists(sections)
    .flatMap((list) => list.children.flatMap(peopleOf))
    .filter((item) => {
      const text = plainText(item).trimStart()
      // "**Reviewers:** the GHC team …", "Stakeholders: …": a label for people who are not the team.
      const label = /^[\W_]*([\p{L} ]{1,30}?)[\W_]*:/u.exec(text)?.[1] ?? ''
      return !NOT_A_PERSON.test(text) && !NOT_THE_TEAM.test(label) && !SENTENCE_ITEM.test(text.split('\n', 1)[0] ?? '')
    })
}

/** The person a roster item is about: its text up to the first comma, colon, dash or bracket. */
export function personName(doc: PitchDocument, item: ListItem): string {
  // "Team person №1" over "- Rostislav Stepanov, CEO.": the person is named under the label.
  const slot = groupLabel(item) !== null ? item.children.find((child): child is List => child.type === 'list') : undefined
  // The item's own first paragraph, even when it reads "Role: Name" (which firstParagraph skips as metadata).
  const within = slot ? slot.children[0]?.children : item.children
  const paragraph = within?.find((child): child is Paragraph => child.type === 'paragraph') ?? firstParagraph(slot ? slot.children : item.children)
  let text = paragraph ? stripInline(sourceOf(doc, paragraph)) : ''
  // "Leader: Andrew Lelechenko (Bodigrim)": a role, then the person.
  const role = /^\s*[A-Z][\w/ -]{0,30}:\s+(?=\S)/.exec(text)
  if (role) text = text.slice(role[0].length)
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
