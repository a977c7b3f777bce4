export { createUpdateHandlers } from './update-handlers';
export { createUpdateService, type UpdateService } from './update-service';
export type { UpdaterAvailability, UpdaterEvent, UpdaterPort } from './updater-port';
