export { createAppHandlers, type AppHandlersDeps } from './app-handlers';
