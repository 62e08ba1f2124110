/**
 * The browser host's first paint: the grants screen drawn from the saved list into the page it
 * serves (src/host/first-paint.ts), lying over the app until the app draws a screen of its own.
 * It is taken away in the same frame as that screen is drawn: the grant list's rows (or what the
 * screen says instead), another screen (a reload, the welcome), or, should none be drawn, after
 * FIRST_SCREEN_WAIT_MS, so that it never hides the app. Electron's window has none: this does
 * nothing there.
 */

/** Takes the first paint away, if the page has one. */
export function dropFirstPaint(): void {
  document.getElementById('first-paint')?.remove()
}
