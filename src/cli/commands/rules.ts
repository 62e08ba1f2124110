/**
 * `grant-desk rules`: every rule of the checklist, its id, severity and what it checks; then the
 * score's rules with their weights and the guidance each comes from.
 */
import { ALL_RULES, DEFAULT_WEIGHT_SET, SCORE_RULES, ruleWeight, severityTag } from '../../shared/checklist'
import type { Io } from '../output'

export function runRules(io: Io): number {
  const total = SCORE_RULES.reduce((n, rule) => n + ruleWeight(rule), 0)
  io.out(
    [
      ...ALL_RULES.map(
        (rule) =>
          `${rule.id} (${severityTag(rule.severity)}${rule.appliesTo ? `; ${rule.appliesTo.join(', ')}s only` : ''}): ${rule.title}\n    ${rule.description}`,
      ),
      '',
      `Score (0–100 beside the verdict; higher = closer to what approved pitches have): the weighted share of each rule's evidence (weight set “${DEFAULT_WEIGHT_SET}”, ${total} in all).`,
      ...SCORE_RULES.map(
        (rule) =>
          `score ${rule.id} (weight ${ruleWeight(rule)}, up to ${Math.round((100 * ruleWeight(rule)) / total)} points): ${rule.title}\n` +
          `    From the guidance: ${rule.guidance}\n    ${rule.reason}`,
      ),
    ].join('\n'),
  )
  return 0
}
