import { randomUUID } from 'node:crypto';
import type { MoneyAlarm } from '../../../src-preload/contract/alarms';
import type { EmitEvent, Handlers } from '../../dispatch';
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
}

/** The desktop notice per kind of move, in whole sentences (no noun fitted into a sentence). */
const notices = {
  send: (reference: string) => ({
    title: 'A send you closed has gone through',
    body: `The send with reference ${reference} was closed as “did not go through”, but the service now shows it. Any replacement may have paid twice. Open Wallet Desk to see it.`,
  }),
  swap: (reference: string) => ({
    title: 'A swap you closed has gone through',
    body: `The swap with reference ${reference} was closed as “did not go through”, but the service now shows it. Any replacement may have paid twice. Open Wallet Desk to see it.`,
  }),
  withdraw: (reference: string) => ({
    title: 'A withdrawal you closed has gone through',
    body: `The withdrawal with merchant transaction id ${reference} was closed as “did not go through”, but the service now shows it. Any replacement may have paid twice. Open Wallet Desk to see it.`,
  }),
} as const satisfies Record<MoneyAlarm['kind'], (reference: string) => { title: string; body: string }>;

/**
 * The loud part of security.md 36: a move a person closed as "did not go through" that a look-up found
 * after all. Each is announced at once, to the window (an alert on every screen until dismissed) and as a
 * desktop notification, which names no amount (it may outlive privacy mode and the lock). Kept for this run,
 * for the person who closed the move.
 */
export function createMoneyAlarms(deps: MoneyAlarmsDeps) {
  const now = deps.now ?? Date.now;
  const alarms: (MoneyAlarm & { readonly userGuid: string })[] = [];

  function mine(): MoneyAlarm[] {
    const { userGuid } = deps.session.activeUser();
    return alarms.filter((alarm) => alarm.userGuid === userGuid).map(({ userGuid: _omit, ...alarm }) => alarm);
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
    'alarms.dismiss': ({ id }) => {
      const { userGuid } = deps.session.activeUser();
      const index = alarms.findIndex((alarm) => alarm.id === id && alarm.userGuid === userGuid);
      if (index !== -1) {
        alarms.splice(index, 1);
        changed();
      }
      return mine();
    },
  };

  return {
    handlers,
    raise(found: ClosedMoveFound): void {
      const { closure } = found;
      alarms.push({
        id: randomUUID(),
        userGuid: closure.by.userGuid,
        kind: found.kind,
        referenceId: found.referenceId,
        amount: found.amount,
        asset: found.asset,
        destination: found.destination,
        closedAt: closure.at,
        closedBy: closure.by.name,
        foundAt: new Date(now()).toISOString(),
      });
      deps.logger.warn('alarm: a closed move went through', { kind: found.kind, referenceId: found.referenceId });
      changed();
      deps.notifier.show(notices[found.kind](found.referenceId));
    },
  };
}
export type MoneyAlarms = ReturnType<typeof createMoneyAlarms>;
