export { createBalanceCache, type BalanceCache, type BalanceOwner } from './balance-cache';
export { createKeychainSealer } from './keychain-sealer';
export { createPortfolioFeature } from './portfolio-handlers';
export type { Sealer } from './sealer';
