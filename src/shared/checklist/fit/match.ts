/**
 * How well a document's heading answers a template's: the same words, else the same part of the
 * guidance as the checklist's section reader tells it (topics.ts: "Motivation" and "Problem
 * statement" are both the problem, "Costs" and "Budget" the budget), else a shared telling word
 * ("Future Plans" and "Future Blueprint"). Headings the reader puts under different parts never match.
 */
import { TOPICS, type Topic } from '../topics'

/** Same words, after markup, emoji, numbering and punctuation are set aside. */
export const SAME_TITLE = 3

const TOPIC_NAMES = Object.keys(TOPICS) as Topic[]
/** Words too common in headings to tell two sections apart. */
const COMMON = new Set(['this', 'that', 'with', 'from', 'your', 'their', 'what', 'which', 'about', 'into', 'project', 'proposal', 'grant', 'section'])

export function normalizeTitle(title: string): string {
  return title
    .toLowerCase()
    .replace(/:[a-z0-9_+-]+:/g, ' ')
    .replace(/^\W*(?:\d+(?:\.\d+)*[.)]?\s+)?/u, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

export function titleTopics(title: string): Set<Topic> {
  return new Set(TOPIC_NAMES.filter((topic) => TOPICS[topic].test(title)))
}

function words(title: string): Set<string> {
  return new Set(
    normalizeTitle(title)
      .split(' ')
      .filter((word) => word.length >= 4 && !COMMON.has(word)),
  )
}

function overlap<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): number {
  if (a.size === 0 || b.size === 0) return 0
  let shared = 0
  for (const item of a) if (b.has(item)) shared++
  return shared / (a.size + b.size - shared)
}

/** 0 when they are different sections; 1–2 for the same part of the guidance; SAME_TITLE for the same words. */
export function matchScore(documentTitle: string, templateTitle: string): number {
  const a = normalizeTitle(documentTitle)
  const b = normalizeTitle(templateTitle)
  if (a !== '' && a === b) return SAME_TITLE
  const topicsA = titleTopics(documentTitle)
  const topicsB = titleTopics(templateTitle)
  const topical = overlap(topicsA, topicsB)
  if (topical > 0) return 1 + topical
  if (topicsA.size > 0 && topicsB.size > 0) return 0
  const shared = overlap(words(documentTitle), words(templateTitle))
  return shared > 0 ? 0.5 + shared / 2 : 0
}
