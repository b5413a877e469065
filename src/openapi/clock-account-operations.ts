// The control document's operations of the clocks and the accounts (handlers/clock-handlers.ts,
// account-handlers.ts).
import { pathText } from '../contract/control-requests.js'
import {
  ACCOUNT_ADVANCE_RULES,
  ACCOUNT_CREATE_RULES,
  ACCOUNT_PATCH_RULES,
  ADVANCE_RULES,
  CLOCK_SET_RULES,
} from './control-rules.js'
import { common, errors, ok200, op, pathParameter } from './operation-parts.js'
import { ref, response } from './json-schema.js'

const ACCOUNT_ID = pathParameter('id', 'Account id', pathText)

export const CLOCK_ACCOUNT_OPERATIONS: Record<string, ReturnType<typeof op>> = {
  'GET /__mock/clock': op({
    operationId: 'getClock',
    tags: ['clock'],
    summary: 'The clock: mode, speed, simulated now',
    responses: { ...ok200('The clock.', 'ClockState'), ...errors() },
  }),
  'PUT /__mock/clock': op({
    operationId: 'setClock',
    tags: ['clock'],
    summary: 'Switch mode or speed, or jump to a later now',
    requestBody: ref('requestBodies', 'ClockSet'),
    responses: { ...ok200('The clock.', 'ClockState'), ...errors(400, 413) },
    'x-genmock-rules': CLOCK_SET_RULES,
  }),
  'POST /__mock/clock/advance': op({
    operationId: 'advanceClock',
    tags: ['clock'],
    summary: 'Move the server clock forward: some seconds, to the next change, or until idle',
    description: 'Due task changes apply in time order. Accounts with a clock of their own are not moved.',
    requestBody: ref('requestBodies', 'ClockAdvance'),
    responses: {
      ...ok200('The clock after the advance, and the task changes it applied.', 'Advanced'),
      ...errors(400, 413),
    },
    'x-genmock-rules': ADVANCE_RULES,
  }),
  'GET /__mock/accounts': op({
    operationId: 'listAccounts',
    tags: ['accounts'],
    summary: 'Every account with its balance',
    responses: { ...ok200('The accounts.', 'AccountList'), ...errors() },
  }),
  'POST /__mock/accounts': op({
    operationId: 'createAccount',
    tags: ['accounts'],
    summary: 'Create an isolated account (one per test)',
    requestBody: ref('requestBodies', 'AccountCreate'),
    responses: {
      '201': response({ description: 'Created, with its API key.', body: 'AccountCreated' }, common),
      ...errors(400, 409, 413),
    },
    'x-genmock-rules': ACCOUNT_CREATE_RULES,
  }),
  'GET /__mock/accounts/:id': op({
    operationId: 'getAccount',
    tags: ['accounts'],
    summary: 'An account, its credits and its ledger',
    parameters: [ACCOUNT_ID],
    responses: { ...ok200('The account.', 'AccountView'), ...errors(404) },
  }),
  'PATCH /__mock/accounts/:id': op({
    operationId: 'updateAccount',
    tags: ['accounts'],
    summary: 'Top up or drain an account, rename it, set its scenario, strictness or clock',
    parameters: [ACCOUNT_ID],
    requestBody: ref('requestBodies', 'AccountPatch'),
    responses: { ...ok200('The account.', 'AccountView'), ...errors(400, 404, 413) },
    'x-genmock-rules': ACCOUNT_PATCH_RULES,
  }),
  'GET /__mock/accounts/:id/clock': op({
    operationId: 'getAccountClock',
    tags: ['accounts', 'clock'],
    summary: "The clock an account's tasks read: its own, or the server's",
    parameters: [ACCOUNT_ID],
    responses: { ...ok200('The clock.', 'AccountClock'), ...errors(404) },
  }),
  'POST /__mock/accounts/:id/clock/advance': op({
    operationId: 'advanceAccountClock',
    tags: ['accounts', 'clock'],
    summary: "Move an account's own clock forward: some seconds, to the next change, or until idle",
    description: "Only this account's tasks move; the server clock and other accounts stay where they are.",
    parameters: [ACCOUNT_ID],
    requestBody: ref('requestBodies', 'ClockAdvance'),
    responses: {
      ...ok200('The clock after the advance, and the task changes it applied.', 'Advanced'),
      ...errors(400, 404, 413),
    },
    'x-genmock-rules': ACCOUNT_ADVANCE_RULES,
  }),
}
