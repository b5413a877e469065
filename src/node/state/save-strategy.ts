// When a --state DIR is written (docs/state.md, Save strategies: what each can lose): the strategies,
// named once for the option table, the keeper and the help text.
export const SAVE_STRATEGIES = ['scheduled', 'request', 'shutdown', 'manual'] as const
export type SaveStrategy = (typeof SAVE_STRATEGIES)[number]
