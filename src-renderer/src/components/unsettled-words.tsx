import { useEffect } from 'react';
import type { BridgeError } from '../../../src-preload/result';
import { amountTextFor, type AmountText } from '../format/amounts';
import { formatDateTime } from '../format/dates';
import { t } from '../i18n/text';
import { useText } from '../i18n/use-text';
import { selectPrivacyMode, useAppStore } from '../stores/app-store';

/**
 * Words for money moves whose outcome is unknown, composed in the renderer from the structured list main
 * keeps, so the panel, its checkboxes, the duplicate notice and the refusal all use one amount format and
 * one local date format (the panel's).
 */

/**
 * The kinds of money move the shared components speak of: each sentence about one is a whole message per
 * kind in the catalogue (a `select`), never a noun fitted into a sentence.
 */
export type MoneyKind = 'send' | 'swap' | 'withdraw';

/** "23 Nov 2026, 21:12" in the reader's locale; "an earlier time" for a move kept by an older version. */
export function startedAt(at: string | null | undefined): string {
  return at ? formatDateTime(at) : t('money.list.earlier');
}

export { shortAddress } from '../format/short-address';

/** "0,0009 BTC" as the amount components show it (masked in privacy mode), as plain text for labels. */
export function useAmountText(): AmountText {
  return amountTextFor(useAppStore(selectPrivacyMode));
}

/** Moves focus to the first acknowledgement box of the prefix's panel that is not ticked yet. */
export function focusFirstUnacknowledged(prefix: string): void {
  document.querySelector<HTMLInputElement>(`.${prefix}-unresolved input[type='checkbox']:not(:checked)`)?.focus();
}

/**
 * Shown beside the button main refused because an earlier move with an unknown outcome was not
 * acknowledged: says where to act, and moves focus to the first box to tick (keyboard users too).
 */
export function AcknowledgeFirst({
  prefix,
  kind,
  panelTitle,
  error,
}: {
  readonly prefix: string;
  readonly kind: MoneyKind;
  readonly panelTitle: string;
  readonly error: BridgeError | null;
}): React.JSX.Element | null {
  const refused = error?.code === 'unresolved_intent' ? error : null;
  const text = useText();
  useEffect(() => {
    // A new refusal object for every press: each one brings focus back to the box.
    if (refused) focusFirstUnacknowledged(prefix);
  }, [refused, prefix]);
  if (!refused) return null;
  return (
    <p role="alert" className={`error money-ack-first ${prefix}-ack-first`}>
      {text('money.ackFirst', { kind, panel: panelTitle })}
    </p>
  );
}

/** Whether an error is the refusal AcknowledgeFirst explains (its own words replace main's). */
export function isUnacknowledged(error: BridgeError | null): boolean {
  return error?.code === 'unresolved_intent';
}

/** Decimal texts equal as numbers ("0.00060" and "0.0006"). */
export function sameDecimal(a: string, b: string): boolean {
  const norm = (text: string) => {
    const [whole = '', fraction = ''] = text.trim().split('.');
    return `${whole.replace(/^0+(?=\d)/, '')}.${fraction.replace(/0+$/, '')}`;
  };
  return norm(a) === norm(b);
}
