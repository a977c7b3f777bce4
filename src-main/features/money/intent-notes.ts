import type { BridgeError } from '../../../src-preload/result';
import type { Intent } from './at-most-once';
import { intentStatusView, type IntentStatusView } from './intent-views';

/** What the renderer sees of an intent (IntentStatus in contract/money.ts). */
export interface IntentStatus<Outcome> extends IntentStatusView<Outcome> {
  readonly confirmedAt: string | null;
  /** Set while an unknown intent is known to wait for the user's approval by e-mail (Z509, docs/z-codes.md). */
  readonly awaiting?: 'email-approval';
}

/**
 * What the state machine knows of its unknown intents beyond the ledger: why each is still unknown, in the
 * words of the answer or look-up that left it so, and which ones the service said wait for approval by
 * e-mail. The ledger keeps those unknown, never sendable again, until a look-up finds them (security.md 28);
 * `awaitingApproval` is handed to the journaled ledger, which writes the mark beside each, so the state is
 * still shown after a restart.
 */
export interface IntentNotes {
  readonly awaitingApproval: Set<string>;
  readonly reasons: Map<string, BridgeError>;
}

export function createIntentNotes(): IntentNotes {
  return { awaitingApproval: new Set<string>(), reasons: new Map<string, BridgeError>() };
}

/**
 * The intent as the renderer sees it: the ledger's view, the reason it is still unknown, the awaiting mark
 * and when the user confirmed it (null for an older one).
 */
export function intentStatus<Body, Outcome>(
  notes: IntentNotes,
  intent: Intent<Body, Outcome>,
  canRetry: boolean,
  confirmedAtMs: number | null | undefined,
): IntentStatus<Outcome> {
  const view = intentStatusView(intent, canRetry && intent.state === 'refused');
  const note = intent.state === 'unknown' ? notes.reasons.get(intent.id) : undefined;
  return {
    ...view,
    ...(note ? { error: note } : {}),
    ...(intent.state === 'unknown' && notes.awaitingApproval.has(intent.id)
      ? { awaiting: 'email-approval' as const }
      : {}),
    confirmedAt: confirmedAtMs === undefined || confirmedAtMs === null ? null : new Date(confirmedAtMs).toISOString(),
  };
}
