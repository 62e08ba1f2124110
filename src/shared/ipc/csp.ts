/**
 * The renderer's Content Security Policy, as the Electron shell and the browser host send it
 * in a response header. Identical to the meta tag in src/renderer/index.html (a test holds
 * them together): the header applies before any byte of the page is parsed and cannot be
 * removed by the page; the meta tag applies where no response headers pass (a `file://` page).
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-src 'none'"
