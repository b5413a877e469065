import { request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { openHostEntry } from '../../src/node/server/open-hosts.js'
import { startServer } from '../../src/node/server/server.js'
import { run } from '../support/cli.js'

/**
 * An --allowed-hosts entry that lets in names anyone can register needs an admin token, as `*`
 * does (docs/limits-and-security.md): a page at attacker.com could otherwise rebind its name to
 * genmock and reset it. Both sides of each rule.
 */

/** The status of GET /__mock/health with this Host header (fetch would send its own). */
function statusFor(url: string, host: string): Promise<number> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    request({ hostname, port, path: '/__mock/clock', headers: { host }, setHost: false }, (res) => {
      res.resume()
      resolve(res.statusCode!)
    })
      .on('error', reject)
      .end()
  })
}

describe('which entries let in names anyone can register', () => {
  it('suffixes that are public suffixes (ICANN and private sections): open', async () => {
    for (const entry of ['*', '.com', '.co.uk', '*.io', '.github.io', '.COM', '.com.', '.'])
      expect(await openHostEntry(['genmock', entry]), entry).toBe(entry)
  })

  it('suffixes under a registrable name, reserved suffixes and unlisted ones: not open', async () => {
    for (const entry of ['.example.com', '*.corp.co.uk', '.test', '.svc.test', '.localhost', '.internal', '.local'])
      expect(await openHostEntry([entry]), entry).toBeUndefined()
    expect(await openHostEntry(['.lan', '*.home.arpa', '.invalid', '.example'])).toBeUndefined()
  })

  it('exact names, single labels (a compose service) included: not open, even a public suffix', async () => {
    expect(await openHostEntry(['genmock', 'db', 'api.example.com', 'com', 'co.uk'])).toBeUndefined()
    expect(await openHostEntry(undefined)).toBeUndefined()
  })
})

describe('an open entry needs an admin token', () => {
  it('--allowed-hosts .com or *.com: exit 2 naming the entry; a reserved suffix starts', async () => {
    for (const entry of ['.com', '*.com']) {
      const refused = await run(['--port', '0', '--allowed-hosts', `genmock,${entry}`])
      expect(refused.code).toBe(2)
      expect(refused.stderr).toContain(`--allowed-hosts '${entry}' answers every name under the public suffix .com`)
      expect(refused.stdout).toBe('')
    }
    const starts = await run(['--port', '0', '--allowed-hosts', 'genmock,.svc.test', '--help'])
    expect(starts.code).toBe(0)
  })

  it('startServer refuses *.io without a token; with one, a rebound Host gets 401 from the control API', async () => {
    await expect(startServer({ port: 0, allowedHosts: ['*.io'] })).rejects.toThrow(/public suffix \.io.*admin-token/)
    const server = await startServer({
      port: 0,
      log: 'silent',
      allowedHosts: ['*.io'],
      adminToken: 'a-long-admin-token',
    })
    expect(await statusFor(server.url, 'attacker.io')).toBe(401)
    expect(await statusFor(server.url, 'attacker.com')).toBe(403)
    await server.close()
  })

  it('a *.name entry lets in the name and its subdomains, as .name does; others stay out', async () => {
    const server = await startServer({ port: 0, log: 'silent', allowedHosts: ['*.svc.test', 'genmock'] })
    const status = (host: string) => statusFor(server.url, host)
    expect(await status('svc.test')).toBe(200)
    expect(await status('api.svc.test')).toBe(200)
    expect(await status('genmock:4600')).toBe(200)
    expect(await status('evilsvc.test')).toBe(403)
    expect(await status('attacker.com')).toBe(403)
    await server.close()
  })
})
