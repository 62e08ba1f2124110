/** Every checklist rule, in the order the guidance lists its points. */
import type { Rule } from '../types'
import { CONTENT_RULES } from './content'
import { deadline } from './deadline'
import { blankFields, fieldValues, optionalFields, requiredFields } from './fields'
import { PLAN_RULES } from './plan'
import { REVIEW_RULES } from './review'
import { blankSection, mergeConflict, templatePlaceholder } from './sections'
import { linksAnswer } from '../links/rule'

export const ALL_RULES: readonly Rule[] = [
  requiredFields,
  optionalFields,
  fieldValues,
  blankFields,
  mergeConflict,
  blankSection,
  templatePlaceholder,
  ...CONTENT_RULES,
  ...PLAN_RULES,
  deadline,
  // Silent unless the input carries a link check (nothing is asked without one).
  linksAnswer,
  // Not guidance but the team's review: silent unless the input carries one.
  ...REVIEW_RULES,
]
