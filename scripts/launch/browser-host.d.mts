/** Types of browser-host.mjs, for the TypeScript that imports it (the bench). */
export function runBrowserHost(args: string[]): Promise<number>
export function hostCommand(): [string, string[]]
