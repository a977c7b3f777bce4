export { createSessionHandlers } from './session-handlers';
export { createSessionService, type SessionService, type SessionServiceDeps } from './session-service';
export { onOwnerChange } from './owner-change';
