import { fail } from '../../src-preload/result';
import { t } from '../i18n/main-text';
import type { Dispatch } from '../dispatch';

/**
 * The bridge bound before the core exists, so the window can open first: each call waits for the core's
 * dispatcher, then goes through it exactly as it would have (zod, gates, result shaping). A core that never
 * starts answers every call with an error in words, never an exception across IPC.
 */
export function dispatchWhenReady(ready: Promise<Dispatch>): Dispatch {
  // The shell reports a failed start itself; a call that never comes must not leave the rejection unhandled.
  ready.catch(() => undefined);
  return async (operation, input) => {
    let dispatch: Dispatch;
    try {
      dispatch = await ready;
    } catch {
      return fail({ code: 'internal', message: t('mainApp.couldNotStart') });
    }
    return dispatch(operation, input);
  };
}
