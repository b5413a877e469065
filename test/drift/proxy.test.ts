import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { calibrateFile, loadCalibration, writeCalibration } from '../../src/node/files/calibration-files.js'
import { startServer, type RunningServer } from '../../src/node/server/server.js'
import { clientSession } from './session.js'
import { DEPARTURES, STAND_IN_KEY, startStandIn } from './stand-in.js'

const open: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const server of open.splice(0).reverse()) await server.close()
})

async function proxyTo(target: string, extra: Parameters<typeof startServer>[0] = {}): Promise<RunningServer> {
  const server = await startServer({ port: 0, log: 'silent', proxy: { target }, ...extra })
  open.push(server)
  return server
}

const driftOf = async (server: RunningServer) =>
  (await (await fetch(`${server.url}/__mock/drift`)).json()) as {
    findings: { kind: string; place: string; count: number; service: unknown; genmock: unknown }[]
    observations: Record<string, unknown>
  }

describe('the recording proxy in front of the stand-in service', () => {
  test('the drift report names each departure and nothing else', async () => {
    const standIn = await startStandIn()
    open.push(standIn)
    const dir = mkdtempSync(join(tmpdir(), 'genmock-drift-'))
    const server = await proxyTo(standIn.url, { proxy: { target: standIn.url, record: join(dir, 'session.har') } })
    await clientSession(server.url, { key: STAND_IN_KEY, poorKey: 'sk_live_poor' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    const { findings, observations } = await driftOf(server)
    const named = findings.map((f) => `${f.kind} ${f.place}`).sort()
    expect(named).toEqual(DEPARTURES.map((d) => `${d.kind} ${d.place}`).sort())
    const price = findings.find((f) => f.kind === 'price')!
    expect([price.service, price.genmock]).toEqual([60, 80])
    expect(observations.exchanges).toBeGreaterThan(10)

    const har = readFileSync(join(dir, 'session.har'), 'utf8')
    expect(JSON.parse(har).log.entries.length).toBe(observations.exchanges)
    const journal = await (await fetch(`${server.url}/__mock/requests`)).text()
    const drift = JSON.stringify(await driftOf(server))
    for (const text of [har, journal, drift]) {
      expect(text).not.toContain(STAND_IN_KEY)
      expect(text).not.toContain('s3cr3t-cookie')
      expect(text).not.toContain('secret-session')
    }
    expect(JSON.parse(journal).requests[0].proxied).toBe(true)

    const junit = await (await fetch(`${server.url}/__mock/drift?format=junit`)).text()
    expect(junit).toContain('<testcase classname="genmock.drift" name="price"><failure message="1 finding: ')
    expect(junit).toContain('<testcase classname="genmock.drift" name="state-rule"></testcase>')
    expect((await fetch(`${server.url}/__mock/drift?format=xml`)).status).toBe(400)
    expect((await fetch(`${server.url}/__mock/drift`, { method: 'DELETE' })).status).toBe(200)
    expect((await driftOf(server)).findings).toEqual([])
  })
})

describe('calibration from a recording', () => {
  test('a second run with the calibration reports only what calibration cannot change', async () => {
    const standIn = await startStandIn()
    open.push(standIn)
    const dir = mkdtempSync(join(tmpdir(), 'genmock-calibrate-'))
    const first = await proxyTo(standIn.url, { proxy: { target: standIn.url, record: join(dir, 'session.har') } })
    await clientSession(first.url, { key: STAND_IN_KEY, poorKey: 'sk_live_poor' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    await first.close()
    open.splice(open.indexOf(first), 1)

    const { output } = calibrateFile(join(dir, 'session.har'), () => {})
    writeCalibration(join(dir, 'out'), output)
    expect(output.report).toContain('price of video-d at 8: 60 (genmock: 80)')
    expect(output.report).toContain('success status of POST /api/ai/image/generate: 202 (genmock: 200)')
    expect(output.report).toContain('extra-field at submission.queuePosition')
    const video = output.prices.observed.find((p) => p.model === 'video-d')
    expect(video).toEqual({ model: 'video-d', option: '8', relay: false, credits: 60, seen: 1 })

    const calibration = loadCalibration(join(dir, 'out'))
    const second = await proxyTo(standIn.url, { calibration })
    expect(second.engine.scenarioList().defaultName).toBe('calibrated')
    await clientSession(second.url, { key: STAND_IN_KEY, poorKey: 'sk_live_poor' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    const named = second.drift.findings().map((f) => `${f.kind} ${f.place}`)
    expect(named.sort()).toEqual(
      DEPARTURES.filter((d) => !d.calibrates)
        .map((d) => `${d.kind} ${d.place}`)
        .sort(),
    )
  })
})

test("calibrate skips genmock's own 502s and 504s: the service said nothing there", () => {
  const dir = mkdtempSync(join(tmpdir(), 'genmock-skip-'))
  const entry = (status: number, headers: { name: string; value: string }[], text: string) => ({
    startedDateTime: '2026-01-01T00:00:00.000Z',
    request: { method: 'GET', url: 'https://api.example.test/api/ai/models', headers: [] },
    response: { status, headers, content: { mimeType: 'application/json', text } },
  })
  const har = {
    log: {
      entries: [
        entry(502, [{ name: 'genmock-proxy-error', value: 'unreachable' }], '{"error":"genmock proxy: …"}'),
        entry(200, [], '{"models":[]}'),
      ],
    },
  }
  writeFileSync(join(dir, 'mixed.har'), JSON.stringify(har))
  const { output, used } = calibrateFile(join(dir, 'mixed.har'), () => {})
  expect(used).toBe(1)
  expect(output.values.statuses).toEqual({ 'GET /api/ai/models': { 200: 1 } })
})
