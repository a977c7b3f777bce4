export { createSendHandlers } from './send-handlers';
export { createSendService, type SendService, type SendServiceDeps } from './send-service';
