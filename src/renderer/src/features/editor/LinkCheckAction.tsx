/**
 * "Check links" in the checklist (issue 33): asks every link of the pitch and fields as they are
 * now, through the core (the same checker and bounds as `grant-desk lint --check-links`). What
 * is found shows as findings at the links (links-answer); here, one line says what was asked.
 */
import type { LinkCheck } from '../../../../shared/ipc'
import { plural } from '../../../../shared/text'
import { useEditor } from '../../state/editor/editor'
import { useLinkCheck } from '../../state/editor/linkCheck'

/** One line on the last check: how many links, how many dead or unsure. */
export function linkCheckSummary(result: LinkCheck): string {
  if (result.offline) return 'The links were not checked: there was no network.'
  const outcomes = Object.values(result.results)
  if (outcomes.length === 0) return 'The pitch and fields have no web link to check.'
  const dead = outcomes.filter((o) => o.state === 'dead').length
  const unsure = outcomes.filter((o) => o.state === 'unsure').length
  const parts = [dead > 0 ? `${dead} dead` : '', unsure > 0 ? `${unsure} did not answer clearly` : ''].filter(Boolean)
  return `${plural(outcomes.length, 'link')} checked: ${parts.length > 0 ? parts.join(', ') : 'every one answers'}.`
}

export function LinkCheckAction() {
  const draftId = useEditor((s) => s.draft?.id ?? null)
  const mine = useLinkCheck((s) => s.draftId === draftId)
  const checking = useLinkCheck((s) => mine && s.checking)
  const result = useLinkCheck((s) => (mine ? s.result : null))
  const error = useLinkCheck((s) => (mine ? s.error : null))
  if (draftId === null) return null
  return (
    <div className="checklist-links" data-testid="link-check">
      <button type="button" disabled={checking} onClick={() => void useLinkCheck.getState().check(draftId)}>
        {checking ? 'Checking links…' : 'Check links'}
      </button>{' '}
      <span role="status" className="hint" data-testid="link-check-status">
        {checking
          ? 'Asking each link (at most 10 s each)…'
          : error
            ? `The links could not be checked: ${error.message}`
            : result
              ? linkCheckSummary(result)
              : ''}
      </span>
    </div>
  )
}
