/**
 * A settings view as the core sends it, for renderer tests: one place that knows every field,
 * so a new setting is added here once instead of in every test that renders a settings-aware
 * component. Tests override only what they are about.
 */
import type { SettingsView } from '../../../src/shared/ipc'

export function settingsView(overrides: Partial<SettingsView> = {}): SettingsView {
  const serviceUrl = overrides.serviceUrl ?? 'https://grants.example.org'
  const drafts = overrides.effectiveDraftsFolder ?? '/home/me/drafts'
  return {
    serviceUrl,
    feedbackNamespace: 'grant-desk',
    reviewerName: '',
    signingKey: null,
    draftsFolder: null,
    savedSearchRefreshMinutes: 30,
    theme: 'system',
    reminders: { enabled: true, offsetsMinutes: [4320, 1440, 180] },
    teamSync: { everyMinutes: null, onStart: false },
    checkLinksOnSave: false,
    effectiveServiceUrl: serviceUrl,
    serviceUrlOverriddenBy: null,
    effectiveDraftsFolder: drafts,
    defaultDraftsFolder: drafts,
    notice: null,
    defaultServiceUrl: 'http://127.0.0.1:8787',
    sandbox: null,
    ...overrides,
  }
}
