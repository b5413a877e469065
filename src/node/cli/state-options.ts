// The command line's options for keeping the state in a folder (docs/state.md), as rows of the one
// option table (option-table.ts; option-spec.ts types a row). No imports beyond the option readers:
// --help loads this too.
import { option } from './option-spec.js'
import { fileName, oneOf } from './option-values.js'
import { SAVE_STRATEGIES } from '../../snapshot/snapshot-keeping.js'

export const STATE_OPTIONS = {
  state: option({
    arg: 'DIR',
    help: [
      'keep the whole state in DIR and start from it: accounts, balances,',
      'tasks, clocks, idempotency keys, the journal (made if missing;',
      'one genmock per DIR; see docs/state.md)',
    ],
    parse: (text, from) => fileName(from, text, 'state'),
  }),
  stateSave: option({
    arg: SAVE_STRATEGIES.join('|'),
    help: [
      'with --state: when changes are written. scheduled (default): within',
      'a second; request: before each answer is sent; shutdown: when',
      'genmock stops; manual: only on POST /__mock/state/save',
    ],
    // Undefined when not given: the server's default, and --state-save without --state is refused.
    parse: (text, from) => (text === undefined ? undefined : oneOf(from, text, SAVE_STRATEGIES, 'scheduled')),
  }),
  stateFrom: option({
    arg: 'FILE',
    help: ['start from a snapshot (what GET /__mock/state exports); with', '--state, only when DIR holds no state yet'],
    parse: (text, from) => fileName(from, text, 'fixture.json'),
  }),
}
