import { expect, it } from 'vitest'
import pkg from '../../package.json' with { type: 'json' }
import { openApiDocument } from '../../src/openapi/service-document.js'
import { SERVICE_ROUTES } from '../../src/handlers/route-table.js'
import {
  advance,
  auth,
  getTask,
  IMAGE,
  KEYS,
  post,
  RELAY,
  submitImage,
  submitVideo,
  VIDEO_T2V,
} from '../support/api.js'
import { eachDoor } from '../support/doors.js'
import { responseChecker } from '../support/openapi.js'

/**
 * Media routes in the OpenAPI document (issue 24, case 8): outputImageUrls and outputVideoUrl
 * pointed at routes the document left out, so a validating proxy in front of genmock refused
 * every media fetch. Each media answer, its auth rule and its ranges included, is now an
 * operation's documented answer.
 */

const document = openApiDocument(pkg.version, SERVICE_ROUTES)
/** The operation a path falls under, as a validating proxy finds it. */
const operationOf = (path: string) =>
  Object.entries(document.paths).find(([template]) =>
    new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
  )?.[1] as { get?: { operationId: string; security: object[] } } | undefined

eachDoor('media routes in the service document', (door) => {
  it('every media answer is documented: images, relay images with and without the key, video ranges', async () => {
    const check = responseChecker()
    const ids = [
      ((await (await submitImage(door(), IMAGE)).json()) as { taskId: string }).taskId,
      (
        (await (await post(door(), '/api/ai/image/generate', RELAY, { 'idempotency-key': 'media-doc-1' })).json()) as {
          taskId: string
        }
      ).taskId,
      ((await (await submitVideo(door(), VIDEO_T2V)).json()) as { taskId: string }).taskId,
    ]
    await advance(door(), 600)
    const urls: string[] = []
    for (const id of ids) {
      const task = (await (await getTask(door(), id)).json()) as { outputImageUrls?: string[]; outputVideoUrl?: string }
      urls.push(...(task.outputImageUrls ?? []), ...(task.outputVideoUrl ? [task.outputVideoUrl] : []))
    }
    expect(urls).toHaveLength(3)
    const seen: string[] = []
    for (const url of urls) {
      const path = new URL(url).pathname
      expect(operationOf(path)?.get?.security, path).toEqual([{}, { bearer: [] }, { session: [] }])
      for (const headers of [
        {},
        auth(KEYS.alice),
        auth(KEYS.bob),
        { ...auth(), range: 'bytes=0-99' },
        { range: 'bytes=999999999-' },
      ]) {
        const res = await door().fetch(path, { headers })
        seen.push(`${operationOf(path)!.get!.operationId} ${res.status}`)
        expect(await check('GET', path, res), `${path} ${JSON.stringify(headers)}`).toBeUndefined()
      }
    }
    // Public media, the relay rule (401 without the owner's key), ranges (206, 416): all documented.
    expect(new Set(seen)).toEqual(
      new Set([
        'getOutputImage 200',
        'getOutputImage 401',
        'getOutputVideo 200',
        'getOutputVideo 206',
        'getOutputVideo 416',
      ]),
    )
  })
})
