import { z } from 'zod';
import { SendReview } from '../../src-preload/contract/send';
import { SwapReview } from '../../src-preload/contract/swap';
import { WithdrawBody } from '../features/merchant/withdraw-body';
import type { IntentJournal } from '../features/money/intent-journal';
import { SendBody } from '../features/send/send-body';
import { SwapBody } from '../features/swap/swap-body';
import { AppError } from '../app-error';
import type { Logger } from '../logging/logger';
import type { SettingsStore } from './settings-store';

function unresolvedRecord<Body extends z.ZodType, Review extends z.ZodType>(body: Body, review: Review) {
  return z.object({
    id: z.string().min(1),
    referenceId: z.string().min(1),
    attempts: z.number().int().min(0),
    body,
    review,
  });
}

/**
 * Money moves whose outcome is not known yet (the request may have reached the service), kept until
 * reconciled so a crash or a quit cannot lead the user to enter the same one again. Non-secret: what was
 * sent where; two-factor codes are never part of a body.
 */
export const UnresolvedIntents = z.object({
  send: z.array(unresolvedRecord(SendBody, SendReview)),
  swap: z.array(unresolvedRecord(SwapBody, SwapReview)),
  /** A withdrawal's view is derived from its body, so it keeps no review. */
  withdraw: z.array(unresolvedRecord(WithdrawBody, z.null())),
});
export type UnresolvedIntents = z.infer<typeof UnresolvedIntents>;

export function defaultUnresolvedIntents(): UnresolvedIntents {
  return { send: [], swap: [], withdraw: [] };
}

type Section = keyof UnresolvedIntents;
type RecordOf<S extends Section> = UnresolvedIntents[S][number];

/**
 * One feature's share of settings.json as its ledger's journal. A failed write is logged and thrown: the
 * ledger refuses to send a request it could not write down first.
 */
export function settingsJournal<S extends Section>(
  settings: SettingsStore,
  section: S,
  logger: Logger,
): IntentJournal<RecordOf<S>['body'], RecordOf<S>['review']> {
  return {
    restored: settings.get().unresolvedIntents[section],
    async save(records) {
      if (!settings.writable) {
        // Settings then live in memory only: a "saved" journal would be lost with the run, and with it
        // the only record of a payment that may have gone through.
        throw new AppError(
          'storage_failed',
          `Wallet Desk writes every payment down before sending it, and it cannot write to its settings file now, so nothing was sent. ${settings.problem ?? ''} Fix or move the file, then restart Wallet Desk.`,
        );
      }
      try {
        await settings.update((current) => ({
          ...current,
          unresolvedIntents: { ...current.unresolvedIntents, [section]: records },
        }));
      } catch (error) {
        logger.warn('could not save unresolved money requests', {
          section,
          error: error instanceof Error ? error.name : 'unknown',
        });
        throw error;
      }
    },
  };
}
