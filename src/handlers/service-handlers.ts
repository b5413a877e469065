// The service's own endpoints' handlers (docs/get-started.md, A full flow with curl): submit, read
// a task, list the models.
import type { Account } from '../engine/accounts/accounts.js'
import type { Endpoint, Submission } from '../engine/engine.js'
import type { Route, RouteContext } from './route-context.js'
import { json, jsonText, type Reply } from '../http/request-reply.js'
import { submissionReply } from '../http/replies.js'
import { headerText, readJson } from '../http/read-request.js'
import { scenarioAsked, sparseAsked } from '../http/prefer-header.js'

/** A submission's reply, and what the journal learns of it. */
function submitted(trace: RouteContext['trace'], submission: Submission): Reply {
  trace.scenario = submission.scenario
  trace.taskId = submission.response.taskId
  if (submission.breaches.length > 0) (trace.breaches ??= []).push(...submission.breaches)
  if (submission.replayed) trace.replayed = true
  return submissionReply(submission)
}

// Not an async function: most submissions are accepted at once, and their reply then needs no promise.
const submit =
  (endpoint: Endpoint): Route<Account> =>
  ({ engine, request, trace }, account) => {
    const body = readJson(request)
    const sent = request.headers['idempotency-key']
    const idempotencyKey = sent === undefined ? null : headerText(sent)
    if (idempotencyKey !== null) trace.idempotencyKey = idempotencyKey
    const sparse = sparseAsked(request.headers)
    const submission = engine.submit(account, endpoint, body, {
      idempotencyKey,
      scenario: scenarioAsked(request.headers),
      sparse,
    })
    return submission instanceof Promise
      ? submission.then((later) => submitted(trace, later))
      : submitted(trace, submission)
  }

/** The service's own endpoints (the route table names them): each is handed its authenticated caller. */
export const SERVICE_HANDLERS = {
  submitImage: submit('image'),
  submitVideo: submit('video'),
  // The trace names the task before the caller is known (access-step.ts): a refused read is journaled under it.
  readTask: ({ engine, request, params, trace }, account) => {
    const { text, breaches } = engine.readTask(account, params.id!, request.origin, {
      sparse: sparseAsked(request.headers),
    })
    if (breaches.length > 0) (trace.breaches ??= []).push(...breaches)
    return jsonText(200, text)
  },
  listModels: ({ engine }) => json(200, engine.models()),
} satisfies Record<string, Route<Account>>
