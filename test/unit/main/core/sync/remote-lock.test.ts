/** Where a refused push's lock is, and whether the team repository is a folder this computer may tidy (remote-lock.ts). */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { localRemoteFolder, refusedLock } from '../../../../../src/main/core/sync/remote-lock'

describe('refusedLock', () => {
  it('reads the lock file from git’s refusal, as receive-pack prints it', () => {
    const stderr =
      "remote: error: cannot lock ref 'refs/heads/main': Unable to create '/srv/team.git/./refs/heads/main.lock': File exists.\nremote: \nremote: Another git process seems to be running in this repository\nTo /srv/team.git\n"
    expect(refusedLock(stderr)).toBe('/srv/team.git/./refs/heads/main.lock')
  })

  it('is null for a refusal that names no lock (a teammate’s push that won the race)', () => {
    expect(refusedLock('To /srv/team.git\n ! [rejected]        HEAD -> main (fetch first)\n')).toBeNull()
  })
})

describe('localRemoteFolder', () => {
  const root = '/home/ada/team'
  it('takes a path, relative ones from the work tree’s top, and a file:// address', () => {
    expect(localRemoteFolder('/srv/team.git', root)).toBe('/srv/team.git')
    expect(localRemoteFolder('../team.git', root)).toBe(join('/home/ada', 'team.git'))
    expect(localRemoteFolder('file:///srv/team.git', root)).toBe('/srv/team.git')
    expect(localRemoteFolder('./shared:drive/team.git', root)).toBe(join(root, 'shared:drive/team.git'))
  })

  it('is null for a server’s address: any scheme but file://, and git’s host:path', () => {
    for (const url of ['ssh://git.example.org/team.git', 'https://example.org/team.git', 'git@example.org:team/grants.git', 'example.org:team.git'])
      expect(localRemoteFolder(url, root)).toBeNull()
  })
})
