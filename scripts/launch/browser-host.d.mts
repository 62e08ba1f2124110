/** Types of browser-host.mjs, for the TypeScript that imports it (the bench and the tests that run the bundled host). */
export function runBrowserHost(args: string[]): Promise<number>
export function hostCommand(): [string, string[]]
export function needsBuild(): boolean
export function newest(path: string): number
