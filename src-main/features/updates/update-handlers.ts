import type { Handlers } from '../../dispatch';
import type { UpdateService } from './update-service';

type UpdateHandlers = Pick<Handlers, 'updates.get' | 'updates.check' | 'updates.installOnQuit'>;

export function createUpdateHandlers(deps: { readonly updates: UpdateService }): UpdateHandlers {
  return {
    'updates.get': () => deps.updates.view(),
    'updates.check': () => deps.updates.check(),
    'updates.installOnQuit': ({ agreed }) => deps.updates.setInstallOnQuit(agreed),
  };
}
