export { createPayoutHandlers } from './payouts-handlers';
export { createPayouts, type Payouts } from './payouts-service';
export { openPayoutStore, type PayoutStore } from './payout-store';
