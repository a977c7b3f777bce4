export { createSendHandlers } from './send-handlers';
export {
  createSendService,
  roleMessage,
  type MoneySession,
  type SendService,
  type SendServiceDeps,
} from './send-service';
