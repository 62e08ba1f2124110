/**
 * Stops this script when the program that started it is gone.
 *
 * `npm start` runs the script through `sh -c`; a SIGTERM sent to npm (a process manager, an
 * IDE's stop button, `kill`) is passed to that shell only, which dies without passing it on,
 * and the script would run on as an orphan with the host, the sandbox and the app window.
 * (Ctrl+C is different: the terminal signals every process of the job.) Noticing that the
 * parent changed is the one sign left, so it is taken as a SIGTERM, which runs the script's
 * own shutdown (its handler stops what it started).
 */
const CHECK_MS = 500

export function stopWithParent() {
  const parent = process.ppid
  const timer = setInterval(() => {
    if (process.ppid === parent) return
    clearInterval(timer)
    process.kill(process.pid, 'SIGTERM')
  }, CHECK_MS)
  timer.unref() // never the reason this script stays up
}
