/**
 * What Grant Desk accepts as the address of a team's git repository (Settings → team sync):
 * the forms git itself takes for a remote, and nothing that could run a program or pass as an
 * option. Shared, so the Settings form says what is wrong as the core would.
 *
 * - `https://host/team/drafts.git`, `http://…`, `ssh://git@host/…`, `git://…`, `file:///…`;
 * - scp-like `git@github.com:team/drafts.git` (user optional);
 * - a full path of a folder on this computer or a network drive (`/srv/drafts.git`,
 *   `C:\drafts.git`, `\\server\share\drafts.git`): a bare repository a team keeps on a share.
 *
 * Refused: a leading `-` (git would read it as an option), a transport helper (`ext::sh -c …`
 * runs a command; `fd::`), control characters, blanks in an address (a path may have them),
 * and anything over 2,048 characters.
 */

export const MAX_REMOTE_URL_CHARS = 2048

const URL_SCHEMES = new Set(['https:', 'http:', 'ssh:', 'git:', 'file:'])
const SCP_LIKE = /^(?:[A-Za-z0-9._~+-]+@)?[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?:(?!\/\/)[^\\]\S*$/
const LOCAL_PATH = /^(?:\/|[A-Za-z]:[\\/]|\\\\[^\\]+\\)/

/** Why `text` is not a remote address Grant Desk will hand to git ("must …"), or null when it is. */
export function remoteUrlProblem(text: string): string | null {
  if (text.length === 0) return 'must not be empty'
  if (text.length > MAX_REMOTE_URL_CHARS) return `must be at most ${MAX_REMOTE_URL_CHARS.toLocaleString('en-US')} characters`
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(text)) return 'must not contain control characters'
  if (text.startsWith('-')) return 'must not start with "-"'
  if (/^[A-Za-z][A-Za-z0-9+.-]*::/.test(text)) return 'must be a web, SSH or file address of a git repository, not a transport helper ("…::")'
  // A folder on a share may well have a blank in its name ("Team Drive"); an address may not.
  if (LOCAL_PATH.test(text)) return text.trim() === text ? null : 'must not start or end with a blank'
  if (/\s/.test(text)) return 'must not contain spaces'
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(text)) {
    let url: URL
    try {
      url = new URL(text)
    } catch {
      return 'must be a valid address, like https://github.com/team/drafts.git'
    }
    if (!URL_SCHEMES.has(url.protocol)) return 'must start with https://, ssh://, git:// or file:// (or be like git@github.com:team/drafts.git)'
    if (url.protocol !== 'file:' && url.hostname === '') return 'must name a host, like https://github.com/team/drafts.git'
    return null
  }
  if (SCP_LIKE.test(text)) return null
  return 'must be the address of a git repository, like https://github.com/team/drafts.git or git@github.com:team/drafts.git, or the full path of a folder'
}

/**
 * `remoteUrlProblem`, and a path of the other platform's form refused (the contract cannot know
 * the platform; the core can): on Linux `C:\drafts.git` would be a relative folder name.
 */
export function remoteUrlProblemOn(text: string, platform: string): string | null {
  const problem = remoteUrlProblem(text)
  if (problem !== null) return problem
  if (platform !== 'win32' && /^(?:[A-Za-z]:[\\/]|\\\\)/.test(text)) return 'must be a full path of this computer, like /srv/git/drafts.git'
  return null
}
