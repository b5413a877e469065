// The control document's operations of the tasks and the scenarios (handlers/task-handlers.ts,
// scenario-handlers.ts).
import { mediaIndexSchema, pathText, taskListQuerySchema } from '../contract/control-requests.js'
import { COMMON_RULES, SCENARIO_RULES, scenarioName, TRANSITION_RULES } from './control-rules.js'
import { common, errors, ok200, op, pathParameter, queryParameters } from './operation-parts.js'
import { ref, response } from './json-schema.js'

const TASK_ID = pathParameter('id', 'Task id', pathText)
const MEDIA_CONTENT = {
  'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } },
  'video/mp4': { schema: { type: 'string', contentMediaType: 'video/mp4' } },
}
const CONTENT_RANGE = { required: true, schema: { type: 'string', pattern: '^bytes (\\d+-\\d+|\\*)/\\d+$' } }

export const TASK_SCENARIO_OPERATIONS: Record<string, ReturnType<typeof op>> = {
  'GET /__mock/tasks': op({
    operationId: 'listTasks',
    tags: ['tasks'],
    summary: 'Tasks, newest first',
    parameters: queryParameters(taskListQuerySchema),
    responses: { ...ok200('The tasks; total counts every match.', 'TaskList'), ...errors(400) },
  }),
  'GET /__mock/tasks/:id': op({
    operationId: 'getTaskDetail',
    tags: ['tasks'],
    summary: 'One task, its past and coming changes, ledger entries and requests',
    description:
      'history: the creation (no by), then each change as it left the task (kept for the ' +
      '10,000 latest tasks). scheduled: the steps to come, timed (at) then poll N (poll). ' +
      "ledger: the owner's entries naming it. requests: its journal entries, newest first (50).",
    parameters: [TASK_ID],
    responses: { ...ok200('The task in detail.', 'TaskDetail'), ...errors(404, 'task') },
  }),
  'GET /__mock/tasks/:id/media/:index': op({
    operationId: 'getTaskMedia',
    tags: ['tasks'],
    summary: "A completed task's output, without the owner's credential",
    description:
      "As the task's media route answers (an image's index, 0 for a video), but with no " +
      'credential asked, relay media included.',
    parameters: [
      TASK_ID,
      pathParameter('index', 'Image index, or 0 for a video.', mediaIndexSchema),
      {
        name: 'Range',
        in: 'header',
        required: false,
        description: 'One byte range of a video.',
        schema: { type: 'string' },
      },
    ],
    responses: {
      '200': response({ description: 'The PNG or the MP4.', content: MEDIA_CONTENT }, common),
      '206': response(
        {
          description: 'The range asked for.',
          headers: { 'Content-Range': CONTENT_RANGE },
          content: { 'video/mp4': MEDIA_CONTENT['video/mp4'] },
        },
        common,
      ),
      '416': response(
        { description: 'A range past the end.', body: 'Error', headers: { 'Content-Range': CONTENT_RANGE } },
        common,
      ),
      ...errors(404, 'task'),
      '404': response(
        { description: 'Task not found, or Media not found.', body: ['TaskNotFound', 'NotFound'] },
        common,
      ),
    },
  }),
  'POST /__mock/tasks/:id/transition': op({
    operationId: 'transitionTask',
    tags: ['tasks'],
    summary: 'Force a pending task into a state now',
    description: 'The same ledger effect as a timeline step: status 2 needs refund true or false.',
    parameters: [TASK_ID],
    requestBody: ref('requestBodies', 'Transition'),
    responses: { ...ok200('The task.', 'TaskView'), ...errors(400, 404, 409, 413, 'task') },
    'x-genmock-rules': TRANSITION_RULES,
  }),
  'GET /__mock/scenarios': op({
    operationId: 'listScenarios',
    tags: ['scenarios'],
    summary: 'The scenarios loaded, and the default',
    responses: { ...ok200('The scenarios.', 'ScenarioList'), ...errors() },
  }),
  'POST /__mock/scenarios': op({
    operationId: 'loadScenario',
    tags: ['scenarios'],
    summary: 'Load a scenario, or replace the one of its name',
    requestBody: ref('requestBodies', 'Scenario'),
    responses: {
      '200': response({ description: 'Replaced the scenario of this name.', body: 'ScenarioSaved' }, common),
      '201': response({ description: 'Loaded a new scenario.', body: 'ScenarioSaved' }, common),
      ...errors(400, 413),
    },
    'x-genmock-rules': SCENARIO_RULES,
  }),
  'GET /__mock/scenarios/:name': op({
    operationId: 'getScenario',
    tags: ['scenarios'],
    summary: 'One scenario as loaded',
    parameters: [pathParameter('name', 'Scenario name', pathText)],
    responses: { ...ok200('The scenario and where it came from.', 'ScenarioLoaded'), ...errors(404) },
  }),
  'PUT /__mock/scenario': op({
    operationId: 'chooseScenario',
    tags: ['scenarios'],
    summary: 'Choose the default scenario; applies its accounts',
    requestBody: ref('requestBodies', 'ScenarioChoice'),
    responses: { ...ok200('The default scenario now.', 'ScenarioChosen'), ...errors(400, 413) },
    'x-genmock-rules': [scenarioName('body:/name'), ...COMMON_RULES],
  }),
}
