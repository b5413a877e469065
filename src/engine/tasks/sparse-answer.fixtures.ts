// What the sparse answers' tests share: an image body of two outputs, a scenario from its name and rules,
// and an answer's field names in order.
import { scenarioSchema, type ScenarioInput } from '../../contract/scenario.js'

export const IMAGE = { model: 'base-image-2', prompt: 'a red fox in the snow', numOutputs: 2 }

export const scenario = (input: Omit<ScenarioInput, 'description'>) =>
  scenarioSchema.parse({ description: `test scenario ${input.name}`, ...input })

export const keys = (answer: object) => Object.keys(answer).sort()
