/**
 * The IPC contract between the page and its host (the Electron main process or the browser
 * host): the channel map and every schema by area (contract.ts), the channels' names and the
 * builder of `window.grantDesk` (names.ts, free of zod, for the preloads), the limits that need
 * no schema (plain.ts), the Content Security Policy the hosts send, a team remote's address, and
 * the words of a new-grants notification. Uses the api, text, draft-file and review parts.
 */
export * from './contract'
export * from './csp'
export * from './first-screen'
export * from './names'
export * from './new-grants-message'
export * from './remote-url'
