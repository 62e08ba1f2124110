/**
 * Rules on what the pitch says: problem, solution, ecosystem, team, prior work, KPIs.
 *
 * Guidance (§1): "Project description: open with a one-sentence problem statement, explain the
 * technical solution …, name the ecosystem features used, and quantify the gap." "Team: names or
 * verified pseudonyms with repository or social links, prior work, prior grants with outcomes. A
 * solo applicant explains why the scope fits one person." "Ecosystem alignment: name the
 * ecosystem features used, explain the multiplier effect for other developers …" and the
 * checklist's "verifiable team links; at least one completed prior project linked; answer to why
 * this ecosystem specifically; measurable KPIs".
 *
 * Every rule reads prose block by block (paragraphs, list items, table rows) and skips the
 * template's hint comments, code blocks and the document's title, so a template left unfilled
 * never passes on the strength of its own hints.
 */
import type { Rule } from '../../types'
import { ecosystemFeatures, ecosystemMultiplier, ecosystemWhy, programPriorities } from './ecosystem'
import { kpisMeasurable } from './kpis'
import { problemQuantified, problemStatement } from './problem'
import { priorProjectLinked, soloScope, teamLinks, teamPriorWork } from './team-rules'
import { techStack } from './tech-stack'

export { ecosystemFeatures, ecosystemMultiplier, ecosystemWhy, isWhyEcosystemHeading, programPriorities, refersToProgramPriorities } from './ecosystem'
export { isMeasurable, kpisMeasurable } from './kpis'
export { problemQuantified, problemStatement, quantifiesProblem } from './problem'
export { priorProjectLinked, soloScope, teamLinks, teamPriorWork } from './team-rules'
export { findTechnology, techStack } from './tech-stack'

export const CONTENT_RULES: Rule[] = [
  problemStatement,
  problemQuantified,
  techStack,
  ecosystemFeatures,
  ecosystemWhy,
  ecosystemMultiplier,
  programPriorities,
  teamLinks,
  teamPriorWork,
  soloScope,
  priorProjectLinked,
  kpisMeasurable,
]
