/**
 * The app's screens as its header names them, in order. App.tsx's navigation draws them, and so
 * does the browser host's first paint (src/host/first-paint.ts), which must look the same.
 * `screen` is the route a name opens; `current` the routes under which it is the current screen
 * (a grant's page is under Grants). The renderer types both against its routes.
 */
export const APP_SCREENS = [
  { label: 'Grants', screen: 'grants', current: ['grants', 'grant'] },
  { label: 'Drafts', screen: 'drafts', current: ['drafts', 'draft'] },
  { label: 'Applications', screen: 'applications', current: ['applications'] },
  { label: 'Settings', screen: 'settings', current: ['settings'] },
  { label: 'Report an outdated guide', screen: 'feedback', current: ['feedback'] },
] as const
