/** The problem rules: a one-sentence problem statement, and a quantified gap. */
import { stripInline } from '../../parse'
import { sentences, wordCount } from '../../text'
import { DOCUMENT_START, nodePosition, sectionPosition } from '../../topics'
import type { Rule, RuleContext, RuleFinding } from '../../types'
import { grantAsks } from '../../asks'
import { collectBlocks, firstParagraph, introNodes, named, proseOf, quote, sectionBlocks, sourceOf, topicSections } from './read'
import { memoized } from '../../memo'

const MAX_PROBLEM_WORDS = 45
const MIN_PROBLEM_WORDS = 5

export const problemStatement: Rule = {
  id: 'problem-statement',
  title: 'One-sentence problem statement',
  severity: 'warning',
  appliesTo: ['grant'],
  description:
    'The description opens with a one-sentence problem statement: the first sentence of the problem section (or of the pitch’s opening) says who has which problem, in at most 45 words.',
  check({ doc, grant }: RuleContext): RuleFinding[] {
    const section = topicSections(doc, 'problem')[0]
    const paragraph = firstParagraph(section ? section.nodes : introNodes(doc))
    if (!section && !paragraph) {
      const asks = grantAsks(grant, 'problem')
      if (!asks.asked) {
        return [
          {
            ...DOCUMENT_START,
            severity: 'info',
            message: `The pitch has no problem statement, and ${asks.why}.`,
            hint: 'Nothing to add unless the grant asks what problem the work solves elsewhere (its page or form).',
          },
        ]
      }
      return [
        {
          ...DOCUMENT_START,
          missing: 'problem',
          message: 'The pitch has no problem statement: no “Problem statement” section and no opening paragraph.',
          hint: 'Add a “## Problem statement” section that opens with one sentence saying who has which problem, e.g. “Lumen contract developers wait 20 minutes for a funded test account.”',
        },
      ]
    }
    if (!paragraph) {
      return [
        {
          ...sectionPosition(section!),
          missing: 'problem',
          message: `The section ${named(section, 'on the problem')} has no paragraph to open with a problem statement.`,
          hint: 'Start the section with one sentence saying who has which problem, e.g. “Lumen contract developers wait 20 minutes for a funded test account.”',
        },
      ]
    }
    const first = sentences(stripInline(sourceOf(doc, paragraph)))[0] ?? ''
    const words = wordCount(first)
    const where = section ? `the section ${named(section, '')}` : 'the pitch'
    if (words > MAX_PROBLEM_WORDS) {
      return [
        {
          ...nodePosition(paragraph),
          message: `The first sentence of ${where} is ${words} words long; a problem statement reads as one sentence of at most ${MAX_PROBLEM_WORDS} words.`,
          hint: 'Split it: open with one short sentence naming who has which problem (“Arcadia developers cannot see why a transaction failed.”), then give the details and numbers in the next sentences.',
        },
      ]
    }
    if (words < MIN_PROBLEM_WORDS) {
      return [
        {
          ...nodePosition(paragraph),
          message: `The first sentence of ${where} (“${quote(first)}”) is too short to state a problem: it should say who is affected and by what.`,
          hint: 'Write one full sentence naming who has which problem, e.g. “Lumen contract developers wait 20 minutes for a funded test account.”',
        },
      ]
    }
    return []
  },
}

// ---------------------------------------------------------------------------------------------
// 2. problem-quantified

/**
 * Names with digits that are no quantity: years, versions, standards and layers (“web3”, “L2”,
 * “ERC-20”, “EIP 1559”, “Layer 2”, “v2”). Digits glued to a letter, a dash or a point are caught
 * by QUANTITY_DIGIT's look-behind; these are the ones written with a space.
 */
const NOT_A_QUANTITY = /\b(?:(?:19|20)\d{2}s?|(?:web|layer|ERC|EIP|BIP|SIP|ARC|SRC|CIP|NEP|TIP|FIP)[ \t]?\d+(?:\.\d+)*)\b/gi
/** A digit that starts a number, not one inside a name (“web3”, “L2”, “ERC-20”, “v2”, “M1”). */
const QUANTITY_DIGIT = /(?<![A-Za-z\d.,_-])\d/
/** A number word with what it counts: “thousands of developers”, “three teams”, “a dozen wallets”. */
const NUMBER_WORD =
  /\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundreds?|thousands?|millions?|billions?|dozens?)(?:[ \t]+of)?[ \t]+(?!of\b)[A-Za-z]{3,}/i
/** Fractions and ratios in words: “one in five”, “half of”, “a third of”, “twice as long”. */
const FRACTION_WORD =
  /\b(?:one in (?:two|three|four|five|six|seven|eight|nine|ten)|(?:half|a third|a quarter|two thirds|three quarters) of|twice|three times|ten times|tenfold)\b/i

/**
 * Whether a problem is sized: a number (not a year or part of a name), a percentage, an amount, or
 * a number word with what it counts. Idioms (“one of the biggest”, “no one”, “one-stop”) are not.
 */
export function quantifiesProblem(text: string): boolean {
  return QUANTITY_DIGIT.test(text.replace(NOT_A_QUANTITY, ' ')) || NUMBER_WORD.test(text) || FRACTION_WORD.test(text)
}

export const problemQuantified: Rule = {
  id: 'problem-quantified',
  title: 'Problem quantified',
  severity: 'warning',
  appliesTo: ['grant'],
  description:
    'The problem is quantified: the problem section (or the pitch’s opening) gives a number, a percentage or an amount, so reviewers can weigh the gap.',
  check({ doc }: RuleContext): RuleFinding[] {
    const sections = topicSections(doc, 'problem')
    const blocks = sections.length > 0 ? sectionBlocks(doc, sections) : collectBlocks(doc, introNodes(doc))
    if (sections.length === 0 && blocks.length === 0) {
      return [
        {
          ...DOCUMENT_START,
          // problem-statement reports the missing problem, once; this is its consequence.
          severity: 'info',
          message: 'The pitch has no problem section, so the size of the problem is not stated.',
          hint: 'Add a “## Problem statement” section with a number: how many people are affected, how much time or money they lose, e.g. “1,800 developers lose 6 hours a week”.',
        },
      ]
    }
    if (memoized(doc, 'problem-quantified', proseOf(blocks), quantifiesProblem)) return []
    return [
      {
        ...(sections[0] ? sectionPosition(sections[0]) : blocks[0] ? nodePosition(blocks[0].node) : DOCUMENT_START),
        message: `The problem ${sections[0] ? `in the section ${named(sections[0], '')} ` : ''}is not quantified: it has no number, percentage or amount.`,
        hint: 'Size the gap with a figure reviewers can check: how many users are affected, how much time or money they lose, e.g. “74% of 212 surveyed developers”, “$40,000 a month in failed transactions”.',
      },
    ]
  },
}
