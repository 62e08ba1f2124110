import { describe, expect, it } from 'vitest'
import { isLoopbackHost, originLabel, sendsCredentialsInClear, serviceOrigin } from '../../../src/shared/api'

describe('serviceOrigin', () => {
  it('normalises scheme, host and port, and drops path, query, default port and trailing dot', () => {
    expect(serviceOrigin('HTTP://Example.ORG:80/api/?x=1#y')).toBe('http://example.org')
    expect(serviceOrigin('https://example.org:443')).toBe('https://example.org')
    expect(serviceOrigin('https://example.org.:8443/')).toBe('https://example.org:8443')
    expect(serviceOrigin(' http://127.0.0.1:8787 ')).toBe('http://127.0.0.1:8787')
    expect(serviceOrigin('http://[::1]:8787')).toBe('http://[::1]:8787')
  })

  it('keeps different schemes, hosts and ports apart', () => {
    const origins = [
      'http://example.org',
      'https://example.org',
      'http://example.org:8080',
      'http://www.example.org',
      'http://localhost',
      'http://127.0.0.1',
    ].map(serviceOrigin)
    expect(new Set(origins).size).toBe(6)
  })

  it('answers null for anything that is not an http(s) address', () => {
    for (const value of ['', 'example.org', 'ftp://example.org', 'file:///etc/passwd', 'javascript:alert(1)', 'http://']) {
      expect(serviceOrigin(value), value).toBeNull()
    }
  })
})

describe('plain HTTP', () => {
  it('counts loopback names and addresses as this computer', () => {
    for (const host of ['localhost', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1', 'LOCALHOST.']) expect(isLoopbackHost(host), host).toBe(true)
    for (const host of ['example.org', '10.0.0.1', '192.168.1.2', '128.0.0.1', 'localhost.example.org', '[::2]']) expect(isLoopbackHost(host), host).toBe(false)
  })

  it('flags plain http to another computer only', () => {
    expect(sendsCredentialsInClear('http://grants.example.org')).toBe(true)
    expect(sendsCredentialsInClear('http://10.0.0.5:8787')).toBe(true)
    expect(sendsCredentialsInClear('https://grants.example.org')).toBe(false)
    expect(sendsCredentialsInClear('http://127.0.0.1:8787')).toBe(false)
    expect(sendsCredentialsInClear('http://localhost:8787')).toBe(false)
    expect(sendsCredentialsInClear('not an address')).toBe(false)
  })

  it('labels an origin by its host and port', () => {
    expect(originLabel('https://grants.example.org')).toBe('grants.example.org')
    expect(originLabel('http://127.0.0.1:8787')).toBe('127.0.0.1:8787')
  })
})
