/** `grant-desk rules`: every rule of the checklist, its id, severity and what it checks. */
import { ALL_RULES, severityTag } from '../../shared/checklist'
import type { Io } from '../output'

export function runRules(io: Io): number {
  io.out(
    ALL_RULES.map(
      (rule) =>
        `${rule.id} (${severityTag(rule.severity)}${rule.appliesTo ? `; ${rule.appliesTo.join(', ')}s only` : ''}): ${rule.title}\n    ${rule.description}`,
    ).join('\n'),
  )
  return 0
}
