export { createBalanceCache, type BalanceCache, type BalanceOwner } from './balance-cache';
export { createKeychainSealer } from './keychain-sealer';
export { createPortfolioFeature } from './portfolio-handlers';
export { toPortfolioView } from './portfolio-view';
export type { Sealer } from './sealer';
