/**
 * Preload of the sandboxed renderer. It will expose exactly the methods of the IPC contract
 * (src/shared/ipc.ts) as `window.grantDesk`, and nothing else: never `ipcRenderer` itself.
 * Emitted as CommonJS (index.cjs) because a sandboxed preload cannot be an ES module.
 */
export {}
