import { mediaIndexSchema } from '../contract/control.js'
import { Problem } from '../engine/problem.js'
import type { RouteRow } from './context.js'
import { json } from './exchange.js'
import { imageReply, videoReply } from './media.js'
import { redactedView } from './redaction.js'

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
