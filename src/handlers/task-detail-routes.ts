// The control API's view of one task (its detail and its media), for the dashboard's panel.
import { mediaIndexSchema } from '../contract/control-requests.js'
import { Problem } from '../engine/problem.js'
import type { RouteRow } from './route-context.js'
import { json } from '../http/request-reply.js'
import { imageReply, videoReply } from './media-routes.js'
import { redactedView } from '../http/redaction.js'

/** Admin media may change under one id (a reset draws the same ids again): never cached. */
const NO_STORE = 'no-store'

/**
 * The control API's view of one task, for the dashboard's detail panel: everything about it, and
 * its media without the owner's credential (so fetching it never breaks a conformance rule).
 */
export const CONTROL_TASK_ROUTES: readonly RouteRow[] = [
  {
    method: 'GET',
    path: '/__mock/tasks/:id',
    opaque: true,
    run: ({ engine, params, request, redact }) => {
      const detail = engine.taskDetail(params.id!, request.origin)
      return json(200, { ...detail, task: redactedView(detail.task, redact) })
    },
  },
  {
    method: 'GET',
    path: '/__mock/tasks/:id/media/:index',
    opaque: true,
    run: ({ engine, params, request }) => {
      if (!mediaIndexSchema.safeParse(params.index).success)
        throw Problem.of({ kind: 'not-found', message: 'Media not found' })
      const media = engine.taskMedia(params.id!, Number(params.index))
      return media.type === 'image'
        ? imageReply(media.bytes, NO_STORE)
        : videoReply(media.bytes, request.headers.range, NO_STORE)
    },
  },
]
