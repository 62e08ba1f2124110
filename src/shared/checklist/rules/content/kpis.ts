/** The KPI rule: every KPI has a measurable target. */
import type { Nodes } from 'mdast'
import { stripInline } from '../../parse'
import { DOCUMENT_START, nodePosition, sectionPosition } from '../../topics'
import type { Rule, RuleContext, RuleFinding } from '../../types'
import { collectBlocks, named, quote, sentencesOf, sourceOf, topicSections } from './read'

const MONTH = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?'
const DATE = new RegExp(
  `\\b(?:(?:${MONTH})\\.?\\s+(?:\\d{1,2}(?:st|nd|rd|th)?,?\\s+)?\\d{4}` +
    `|\\d{1,2}(?:st|nd|rd|th)?\\s+(?:${MONTH})\\.?(?:\\s+\\d{4})?` +
    `|(?:by|before|until|in|end of)\\s+(?:the\\s+end\\s+of\\s+)?(?:${MONTH}|\\d{4}|Q[1-4]|H[12])` +
    `|[QH][1-4]\\s*\\d{4}|\\d{4}-\\d{2}(?:-\\d{2})?)\\b`,
  'i',
)
/**
 * A date relative to the project: “by month 6”, “in week 8”, “within 3 months of launch”,
 * “within 8 weeks”, “6 months after release”, “by the end of month 4”.
 */
const RELATIVE_DATE =
  /\b(?:(?:by|in|before|until|after|from|end of)\s+(?:the\s+end\s+of\s+)?(?:month|week|quarter|year|day|milestone)\s+\d{1,3}|(?:within|in|after)\s+(?:the\s+first\s+)?\d{1,3}\s+(?:days?|weeks?|months?|years?|quarters?)|\d{1,3}\s+(?:days?|weeks?|months?|years?)\s+(?:after|from|of|post)\s+(?:the\s+)?(?:launch|release|delivery|start|kick-?off|mainnet|completion|the grant))\b/i
const PERCENT = /\d\s*(?:%|percent\b|pct\b)/i
/** A number followed by a unit or a noun: “1,000 weekly downloads”, “5 minutes”, “$5k TVL”, “10x”. */
const NUMBER_WITH_UNIT = /(?<![A-Za-z\d.,-])[$€£]?\d[\d,.]*(?:\s*[kKmMbB](?![A-Za-z]))?\+?\s*(?:[A-Za-z$€£]{2,}|(?:a|\/)\s*[A-Za-z]{2,}|x\b|[smh]\b)/
/** A number that is not part of a name (“M1”, “v2”, “ERC-20”): in a table row the KPI's column names its unit. */
const BARE_NUMBER = /(?<![A-Za-z\d.,-])\d/

/** A KPI as quoted in a message: without its list marker or task box; a table row's cells joined by colons. */
function kpiLabel(text: string): string {
  const cells = text
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, '')
    .replace(/^\s*\||\|\s*$/g, '')
    .split('|')
    .map((cell) => cell.trim())
    .filter(Boolean)
  return quote(cells.join(': '), 80)
}

/** Whether a KPI can be checked: a number with a unit, a percentage or a date. */
export function isMeasurable(text: string): boolean {
  const plain = stripInline(text)
  return PERCENT.test(plain) || DATE.test(plain) || RELATIVE_DATE.test(plain) || NUMBER_WITH_UNIT.test(plain)
}

/**
 * A section that is about measuring: KPIs, metrics, success criteria, key results, targets. Goals,
 * objectives and outcomes sections say what the project aims at, in words as a rule (a funded
 * proposal's "Objective" describes the work): they are read as KPIs only when they give a number.
 */
/** A subsection about what is done already, not about targets: "Current adoption", "Traction so far", "Status". */
const ALREADY = /\b(?:current|currently|status|so far|to date|already|achieved|achievements|traction|existing|past|previous)\b/i
const MEASURING_TITLE =
  /\b(?:kpis?|key performance|metrics?|measurable|measur(?:ing|es?|ements?) (?:of )?success|how (?:we|to|will we) measure|success|key results|targets?|indicators?)\b/i
export const kpisMeasurable: Rule = {
  id: 'kpis-measurable',
  title: 'Measurable KPIs',
  severity: 'warning',
  appliesTo: ['grant'],
  description: 'A KPI section exists and each KPI (list item, table row, or sentence) has a number with a unit, a percentage or a date.',
  check({ doc }: RuleContext): RuleFinding[] {
    const sections = topicSections(doc, 'kpis')
    if (sections.length === 0) {
      return [
        {
          ...DOCUMENT_START,
          // Most programs' templates ask for no KPI section: its absence is a note, not a gap.
          severity: 'info',
          message: 'The pitch has no KPI section: reviewers cannot tell how success will be measured.',
          hint: 'Add a “## KPIs” section with two or three numbers and dates you will report, e.g. “- 200 weekly active developers by June 2027”.',
        },
      ]
    }
    // Goals or objectives in words are the pitch's aims, not KPIs that lack targets: one note when none has a number.
    const measuring = sections.filter((section) => MEASURING_TITLE.test(section.title))
    if (measuring.length === 0) {
      const text = sections.map((section) => section.text).join('\n')
      if (isMeasurable(text)) return []
      return [
        {
          ...sectionPosition(sections[0]!),
          severity: 'info',
          message: `The section ${named(sections[0], 'on goals')} states goals but no measurable target: no number, percentage or date.`,
          hint: 'Add two or three targets reviewers can check, e.g. “- 200 weekly active developers by June 2027”.',
        },
      ]
    }
    // Lists (or else tables) hold the KPIs; an introducing paragraph is not one, and neither is
    // what a subsection reports as done already ("### Current adoption", "Traction so far").
    const nodes: (typeof measuring)[number]['nodes'] = []
    for (const section of measuring) {
      let past = false
      for (const node of section.nodes) {
        if (node.type === 'heading') past = ALREADY.test(stripInline(sourceOf(doc, node)))
        else if (!past) nodes.push(node)
      }
    }
    const items: Array<{ node: Nodes; text: string; row?: boolean }> = []
    for (const node of nodes) if (node.type === 'list') for (const item of node.children) items.push({ node: item, text: sourceOf(doc, item) })
    if (items.length === 0) {
      for (const node of nodes) if (node.type === 'table') items.push(...collectBlocks(doc, [node]).map((row) => ({ ...row, row: true })))
    }
    if (items.length === 0) {
      for (const sentence of sentencesOf(collectBlocks(doc, nodes))) items.push({ node: sentence.block.node, text: sentence.raw })
    }
    if (items.length === 0) {
      return [
        {
          ...sectionPosition(measuring[0]!),
          message: `The section ${named(measuring[0], 'on KPIs')} lists no KPI.`,
          hint: 'List two or three numbers and dates you will report, e.g. “- 200 weekly active developers by June 2027”.',
        },
      ]
    }
    const vague = items.filter((item) => !isMeasurable(item.text) && !(item.row && BARE_NUMBER.test(stripInline(item.text))))
    // One cause, the KPIs lack targets: one group, each KPI a part of it.
    const group =
      vague.length > 1 ? { id: 'kpis-measurable:targets', title: `${vague.length} KPIs have no number, percentage or date to check them against.` } : undefined
    return vague.map((item) => ({
      ...nodePosition(item.node),
      ...(group ? { group } : {}),
      message: `“${kpiLabel(item.text)}” is not measurable: it has no number with a unit, no percentage and no date.`,
      hint: 'Give each KPI a target reviewers can check: a count with its unit, a percentage or a date (“by June 2027”, “by month 6”), e.g. “1,000 weekly npm downloads within 3 months of launch”.',
    }))
  },
}
