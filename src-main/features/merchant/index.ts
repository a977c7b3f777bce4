export { createMerchantFeature } from './merchant-handlers';
export { requireApiUrl } from './merchant-keys';
export type { PayoutWithdrawals } from './payout-withdrawals';
