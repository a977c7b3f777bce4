export { createWithdrawFeature, type WithdrawFeature } from './withdraw-handlers';
export type { PayoutWithdrawals } from './payout-withdrawals';
export { WithdrawBody } from './withdraw-body';
