import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import openapiTS, { astToString } from 'openapi-typescript'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { fullFlow } from '../openapi/typed-client.js'
import { KEYS } from '../support/api.js'
import { eachDoor } from '../support/doors.js'
import { DOCUMENTS } from '../support/openapi.js'

/**
 * Generated clients are right: openapi-typescript with its default options turns each document
 * into test/openapi/{service,control}.d.ts (kept current by the first test; run it with
 * GENMOCK_WRITE_TYPES=1 to rewrite them), and test/openapi/typed-client.ts, typed only by them and
 * sending with openapi-fetch, compiles and runs a full image, relay and video flow.
 */

const at = (file: string) => fileURLToPath(new URL(`../openapi/${file}`, import.meta.url))

/** Generating and type-checking take seconds of CPU: a generous limit, for a busy machine. */
const TYPES_LIMIT_MS = 180_000

describe('types generated from the documents', () => {
  it('are the ones checked in (openapi-typescript, default options)', { timeout: TYPES_LIMIT_MS }, async () => {
    for (const name of ['service', 'control'] as const) {
      const generated = astToString(await openapiTS(JSON.parse(JSON.stringify(DOCUMENTS[name].document()))))
      if (process.env.GENMOCK_WRITE_TYPES) writeFileSync(at(`${name}.d.ts`), generated)
      expect(
        readFileSync(at(`${name}.d.ts`), 'utf8'),
        `test/openapi/${name}.d.ts is stale: GENMOCK_WRITE_TYPES=1 npx vitest run test/http/openapi-client`,
      ).toBe(generated)
    }
  })

  it('type the client: the flow compiles, and what the service refuses does not', { timeout: TYPES_LIMIT_MS }, () => {
    const config = ts.getParsedCommandLineOfConfigFile(
      fileURLToPath(new URL('../../tsconfig.json', import.meta.url)),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
    )!
    const program = ts.createProgram([at('typed-client.ts')], { ...config.options, noEmit: true, skipLibCheck: true })
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
    expect(diagnostics).toEqual([])
  })
})

eachDoor('a client generated from the documents', (door) => {
  it('runs an image, relay and video flow omitting every defaulted field, and reads each error by status', async () => {
    const result = await fullFlow({ baseUrl: door().baseUrl, apiKey: KEYS.alice, lowKey: KEYS.low })
    expect(result.image).toMatchObject({ creditsUsed: 4, outputs: 1 })
    expect(result.relay).toMatchObject({ relayStatus: 'succeeded', replayed: true })
    expect(result.video.outputVideoUrl).toBe(`${door().baseUrl}/media/videos/${result.video.taskId}.mp4`)
    expect(result.errors).toEqual({ required: 40, notFound: 'Task not found', invalid: ['header:Idempotency-Key'] })
  }, 30_000)
})
