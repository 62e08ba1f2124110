/**
 * Settings → Links: whether each explicit save (Ctrl+S, Save) also checks the pitch's links
 * while online, as "Check links" does (issue 33). Off by default: no link is asked unless the
 * applicant asks. Saved at once, like the theme.
 */
import { useState } from 'react'
import type { AppError } from '../../../../shared/ipc'
import { useSettings } from '../../state/settings/settings'

export function LinkCheckSettings() {
  const on = useSettings((s) => s.view?.checkLinksOnSave ?? null)
  const update = useSettings((s) => s.update)
  const [error, setError] = useState<AppError | null>(null)
  if (on === null) return null
  return (
    <section className="link-check-settings" aria-labelledby="link-check-settings-heading" data-testid="link-check-settings">
      <h2 id="link-check-settings-heading">Links</h2>
      <label>
        <input type="checkbox" checked={on} onChange={(event) => void update({ checkLinksOnSave: event.target.checked }).then(setError)} /> Check links on each
        explicit save while online
      </label>
      <p className="hint">
        Each link of the pitch and fields is asked whether it answers (at most 10 s each, 4 at a time); a dead one shows in the checklist. Answers are kept for
        a day. Off, links are checked only when you press “Check links” in the checklist.
      </p>
      {error && (
        <p className="notice notice-error" role="alert">
          {error.message}
        </p>
      )}
    </section>
  )
}
