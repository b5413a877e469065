// The scenarios shipped in scenarios/, validated and imported as JSON so every door carries them.
import contentPolicy from '../../../scenarios/content-policy.json' with { type: 'json' }
import defaultScenario from '../../../scenarios/default.json' with { type: 'json' }
import dropAfterCommit from '../../../scenarios/drop-after-commit.json' with { type: 'json' }
import flaky from '../../../scenarios/flaky.json' with { type: 'json' }
import insufficientCredits from '../../../scenarios/insufficient-credits.json' with { type: 'json' }
import relayExpiry from '../../../scenarios/relay-expiry.json' with { type: 'json' }
import slowVideo from '../../../scenarios/slow-video.json' with { type: 'json' }
import submissionLost from '../../../scenarios/submission-lost.json' with { type: 'json' }
import submissionUncertain from '../../../scenarios/submission-uncertain.json' with { type: 'json' }
import upstreamAGrace from '../../../scenarios/upstream-a-grace.json' with { type: 'json' }
import upstreamFailure from '../../../scenarios/upstream-failure.json' with { type: 'json' }
import { scenarioSchema } from '../../contract/scenario.js'
import type { ScenarioEntry } from './scenarios.js'

/**
 * The scenarios shipped in scenarios/, validated. Imported as JSON (not read from disk) so that
 * every door, the browser worker included, carries them.
 */
export const bundledScenarios: readonly ScenarioEntry[] = [
  defaultScenario,
  relayExpiry,
  submissionUncertain,
  submissionLost,
  insufficientCredits,
  upstreamFailure,
  upstreamAGrace,
  contentPolicy,
  slowVideo,
  dropAfterCommit,
  flaky,
].map((file) => ({ scenario: scenarioSchema.parse(file), origin: 'bundled' }))
