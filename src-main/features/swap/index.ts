export { createSwapHandlers } from './swap-handlers';
export { createSwapService, DEFAULT_QUOTE_TTL_MS, type SwapService, type SwapServiceDeps } from './swap-service';
