export { createMerchantFeature } from './merchant-handlers';
export { requireApiUrl } from './merchant-keys';
