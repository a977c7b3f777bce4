export { createSettleHandlers } from './settle-handlers';
export { createSettleRound, ROUND_RECORDS, type SettleRound, type SettleRoundDeps } from './settle-round';
