/**
 * The scenario file format as a JSON Schema document (docs/scenarios.md, Editor help), for the
 * editors: shipped as `genmock/scenario.schema.json` (the build writes it to dist/), named by
 * every bundled scenario's `$schema` and by the files `genmock init` writes. It is the zod
 * scenario schema converted as the OpenAPI documents convert it; what JSON Schema cannot say
 * (a `use` naming a scenario that exists, the regular expressions' size) `genmock validate` checks.
 */
import { scenarioSchema } from '../contract/scenario.js'
import { type JsonSchema, jsonSchema } from './json-schema.js'

/** Where the document is in the package, and its file name. */
export const SCENARIO_SCHEMA_FILE = 'scenario.schema.json'

/**
 * The document: JSON Schema 2020-12, with a title and a description an editor shows on hover.
 * @example
 * JSON.stringify(scenarioJsonSchema(), null, 2) // dist/scenario.schema.json
 */
export function scenarioJsonSchema(): JsonSchema {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'genmock scenario',
    ...jsonSchema(scenarioSchema, 'input'),
    description:
      'A genmock scenario: ordered rules that decide what happens when a request arrives (submit) and every ' +
      'state change after it (timeline). Check a file with `genmock validate FILE`.',
  }
}
