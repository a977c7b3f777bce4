export { createMerchantFeature, type MerchantTreasury } from './merchant-handlers';
export { requireApiUrl } from './merchant-keys';
export type { MerchantConnection, MerchantKeys } from './merchant-keys';
export type { MerchantActor, MerchantSession } from './merchant-access';
export { assetByCode, networkNameById, networkOf, requireAmountPrecision } from './asset-lookup';
export { balanceOf, balanceRows } from './merchant-balances';
export { matchesVerified } from './verified-match';
