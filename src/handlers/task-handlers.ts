// The control API's task handlers: list tasks, force a transition, and one task's detail and media for the
// dashboard's panel.
import { redactedView } from '../http/redaction.js'
import { mediaIndexSchema, taskListQuerySchema, transitionSchema } from '../contract/control-requests.js'
import { Problem } from '../engine/problem.js'
import { readQuery } from '../http/read-query.js'
import { json } from '../http/request-reply.js'
import { imageReply, videoReply } from './media-handlers.js'
import { bodyOf, type Route } from './route-context.js'

/** Admin media may change under one id (a reset draws the same ids again): never cached. */
const NO_STORE = 'no-store'

export const TASK_HANDLERS = {
  /** Newest first; an account's key sees only its own (route-table.ts, `own listing`). */
  listTasks: (c, own: string | undefined) => {
    const { engine, request, redact } = c
    const { account, status, limit, offset, cursor } = readQuery(taskListQuerySchema, c.query())
    const accountId = account || own
    const listing = {
      limit,
      ...(offset !== undefined ? { offset } : {}),
      ...(cursor !== undefined ? { cursor } : {}),
      ...(status !== undefined ? { status } : {}),
      ...(accountId ? { accountId } : {}),
    }
    const page = engine.listTasks(listing, request.origin)
    return json(200, { ...page, tasks: page.tasks.map((task) => redactedView(task, redact)) })
  },
  transitionTask: (c) =>
    json(200, redactedView(c.engine.transition(c.params.id!, bodyOf(transitionSchema, c), c.request.origin), c.redact)),
  /**
   * Everything about one task, and its media without the owner's credential (so fetching it never
   * breaks a conformance rule).
   */
  taskDetail: ({ engine, params, request, redact }) => {
    const detail = engine.taskDetail(params.id!, request.origin)
    return json(200, { ...detail, task: redactedView(detail.task, redact) })
  },
  taskMedia: ({ engine, params, request }) => {
    if (!mediaIndexSchema.safeParse(params.index).success)
      throw Problem.of({ kind: 'not-found', message: 'Media not found' })
    const media = engine.media.ofTask(params.id!, Number(params.index))
    return media.type === 'image'
      ? imageReply(media.bytes, NO_STORE)
      : videoReply(media.bytes, request.headers.range, NO_STORE)
  },
} satisfies Record<string, Route<string | undefined>>
