import { t } from '../../i18n/main-text';
import type { MoneyAlarm } from '../../../src-preload/contract/alarms';
import { AppError } from '../../app-error';
import type { EmitEvent, Handlers } from '../../dispatch';
import type { AlarmJournal, AlarmRecord } from '../../journal/alarm-record';
import type { Logger } from '../../logging/logger';
import type { ClosedMoveFound } from '../money/closed-moves';
import type { DesktopNotifier } from '../notifications';
import type { SessionService } from '../session';

export interface MoneyAlarmsDeps {
  readonly session: Pick<SessionService, 'activeUser'>;
  readonly notifier: DesktopNotifier;
  readonly emit: EmitEvent;
  readonly logger: Logger;
  readonly now?: () => number;
  /** Where alarms outlive the app until dismissed; without one, they last this run. */
  readonly journal?: AlarmJournal;
  /** Whether this user holds these merchant keys now: they see the alarm of a withdrawal made with them. */
  readonly holdsMerchantKey?: (userGuid: string, key: NonNullable<AlarmRecord['merchantKey']>) => boolean;
}

/** The desktop notice per kind of move, in whole sentences (no noun fitted into a sentence). */
const notices = {
  send: (reference: string) => ({
    title: t('mainFeatures.alarmSendTitle'),
    body: t('mainFeatures.alarmSendBody', { reference }),
  }),
  swap: (reference: string) => ({
    title: t('mainFeatures.alarmSwapTitle'),
    body: t('mainFeatures.alarmSwapBody', { reference }),
  }),
  withdraw: (reference: string) => ({
    title: t('mainFeatures.alarmWithdrawTitle'),
    body: t('mainFeatures.alarmWithdrawBody', { reference }),
  }),
} as const satisfies Record<MoneyAlarm['kind'], (reference: string) => { title: string; body: string }>;

/**
 * The loud part of security.md 36: a move a person closed as "did not go through" that a look-up found
 * after all. Each is announced at once, to the window (an alert on every screen until dismissed) and as a
 * desktop notification, which names no amount (it may outlive privacy mode and the lock). Kept in the money
 * journal until dismissed, since the ledger forgets the move once found; seen by the person who closed the
 * move, and for a withdrawal by anyone holding the merchant keys it was confirmed with.
 */
export function createMoneyAlarms(deps: MoneyAlarmsDeps) {
  const now = deps.now ?? Date.now;
  let alarms: readonly AlarmRecord[] = deps.journal?.restored ?? [];

  function sees(alarm: AlarmRecord, userGuid: string): boolean {
    if (alarm.closedByGuid === userGuid) return true;
    return alarm.merchantKey !== null && (deps.holdsMerchantKey?.(userGuid, alarm.merchantKey) ?? false);
  }

  function mine(): MoneyAlarm[] {
    const { userGuid } = deps.session.activeUser();
    return alarms
      .filter((alarm) => sees(alarm, userGuid))
      .map(({ closedByGuid: _guid, merchantKey: _key, ...alarm }) => alarm);
  }

  /**
   * Only the signed-in person's count: the window must not learn how many alarms another user of this
   * computer has. Locked, the count is nothing (the window reads the list again after unlocking).
   */
  function changed(): void {
    let count = 0;
    try {
      count = mine().length;
    } catch {
      // Locked or signed out: nobody's alarms are the window's to count.
    }
    deps.emit('alarms.changed', { count });
  }

  const handlers: Pick<Handlers, 'alarms.list' | 'alarms.dismiss'> = {
    'alarms.list': () => mine(),
    'alarms.dismiss': async ({ id }) => {
      const { userGuid } = deps.session.activeUser();
      const before = alarms;
      const next = alarms.filter((alarm) => !(alarm.id === id && sees(alarm, userGuid)));
      if (next.length === before.length) return mine();
      alarms = next;
      try {
        await deps.journal?.save(alarms);
      } catch {
        alarms = before;
        throw new AppError('storage_failed', t('mainFeatures.alarmDismissNotWritten'));
      }
      changed();
      return mine();
    },
  };

  return {
    handlers,
    /**
     * Takes the alarm into the journal's content at once, so the ledger's next write, the one that forgets the
     * found move, already carries it. Resolves once written (or the write failed and was logged).
     */
    raise(found: ClosedMoveFound): Promise<void> {
      const { closure } = found;
      // One alarm per move: a swap still ambiguous after a restart is looked up and raised again.
      if (alarms.some((alarm) => alarm.kind === found.kind && alarm.referenceId === found.referenceId))
        return Promise.resolve();
      alarms = [
        ...alarms,
        {
          // Web Crypto's, which Node loads at its first use: node:crypto imported here loaded it with the core.
          id: crypto.randomUUID(),
          closedByGuid: closure.by.userGuid,
          merchantKey: found.merchantKey ?? null,
          kind: found.kind,
          referenceId: found.referenceId,
          amount: found.amount,
          asset: found.asset,
          destination: found.destination,
          closedAt: closure.at,
          closedBy: closure.by.name,
          foundAt: new Date(now()).toISOString(),
        },
      ];
      const written = (deps.journal?.save(alarms) ?? Promise.resolve()).catch(() => {
        // The journal logged it; the alarm is on screen now and the next write of the journal carries it.
      });
      deps.logger.warn('alarm: a closed move went through', { kind: found.kind, referenceId: found.referenceId });
      changed();
      deps.notifier.show(notices[found.kind](found.referenceId));
      return written;
    },
  };
}
export type MoneyAlarms = ReturnType<typeof createMoneyAlarms>;
