/**
 * The score beside the verdict (issue 33): 0–100, higher = closer to what approved pitches
 * show. Each score rule (rules.ts) gives 0 to 1 of its evidence; the score is the weighted share
 * of the evidence the pitch shows, rounded. No learned model: a handful of documented weight
 * sets (WEIGHT_SETS), each a plain statement of which part of the guidance matters more; the
 * shipped one is DEFAULT_WEIGHT_SET. `npm run corpus` prints how well each ranks accepted above
 * rejected proposals of one program, and a leave-one-program-out figure (the set picked on two
 * programs, scored on the third). Pure: the app and the CLI score a draft alike.
 */
import { SCORE_RULES, type ScoreContext, type ScoreGroup, type ScoreRule } from './rules'

export { SCORE_RULES, type ScoreContext, type ScoreGroup, type ScoreRule } from './rules'

export interface ScorePart {
  ruleId: string
  title: string
  weight: number
  /** 0 to 1: how much of the rule's evidence the pitch shows. */
  points: number
  note: string
}

export interface Score {
  /** 0–100, higher = closer to what approved pitches have. */
  score: number
  parts: ScorePart[]
}

/** Weights by group of rules; a rule's weight is its group's. */
export type WeightSet = Readonly<Record<ScoreGroup, number>>

/**
 * The documented weight sets, each a reading of the seed's guidance: `evidence-first` weighs
 * what a reviewer can check (code, the team's profiles and work, a finished project) twice, as
 * team credibility is the first rejection reason (49%); `evidence-heavy` three times; `equal`
 * weighs every part alike; `plan-first` weighs milestone structure (51%) twice. Every set keeps
 * every rule. `npm run corpus` picks, for each program, the set that ranks best on the other
 * programs (leave one program out); the shipped set is the one that ranks best on all of them.
 */
export const WEIGHT_SETS: Readonly<Record<string, WeightSet>> = {
  'evidence-first': { evidence: 2, plan: 1, ask: 1, form: 1 },
  'evidence-heavy': { evidence: 3, plan: 1, ask: 1, form: 1 },
  equal: { evidence: 1, plan: 1, ask: 1, form: 1 },
  'plan-first': { evidence: 1, plan: 2, ask: 1, form: 1 },
}

/** The set that ranks best on all the corpus's programs with both labels (the corpus score test holds it so). */
export const DEFAULT_WEIGHT_SET = 'evidence-heavy'

/** A rule's weight in a set (the default set unless named). */
export function ruleWeight(rule: ScoreRule, set: WeightSet = WEIGHT_SETS[DEFAULT_WEIGHT_SET]!): number {
  return set[rule.group]
}

export function scorePitch(context: ScoreContext, set: WeightSet = WEIGHT_SETS[DEFAULT_WEIGHT_SET]!, rules: readonly ScoreRule[] = SCORE_RULES): Score {
  const parts: ScorePart[] = rules.map((rule) => {
    let evidence
    try {
      evidence = rule.evidence(context)
    } catch (error) {
      // One broken reader scores nothing for its rule, and says so; the others still count.
      evidence = { points: 0, note: `could not be read: ${(error as Error).message}` }
    }
    return { ruleId: rule.id, title: rule.title, weight: ruleWeight(rule, set), points: Math.max(0, Math.min(1, evidence.points)), note: evidence.note }
  })
  const total = parts.reduce((n, p) => n + p.weight, 0)
  const earned = parts.reduce((n, p) => n + p.weight * p.points, 0)
  return { score: total === 0 ? 0 : Math.round((100 * earned) / total), parts }
}
