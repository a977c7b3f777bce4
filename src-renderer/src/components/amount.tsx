import { formatCrypto, formatShare, formatSignedUsd, formatUsd, signedTone } from '../format/amounts';
import { displayLocale } from '../format/display-locale';
import { formatExactAmount } from '../format/exact-amount';
import { useText } from '../i18n/use-text';
import { selectPrivacyMode, useAppStore } from '../stores/app-store';

const MASK = '•••••';

export function usePrivacy(): boolean {
  return useAppStore(selectPrivacyMode);
}

function Masked(): React.JSX.Element {
  const t = useText();
  return (
    <span className="amount masked" aria-label={t('money.amount.hidden')}>
      {MASK}
    </span>
  );
}

/** A crypto amount in the asset's precision; masked app-wide in privacy mode. */
export function CryptoAmount({ value, code }: { value: string; code: string }): React.JSX.Element {
  if (usePrivacy()) return <Masked />;
  return (
    <span className="amount">
      {formatCrypto(value, code)} <span className="unit">{code}</span>
    </span>
  );
}

/**
 * A crypto amount with every digit it has, for an amount about to move (what is sent must be seen whole, as
 * the service's precision may be finer than CryptoAmount's); masked in privacy mode.
 */
export function ExactCryptoAmount({ value, code }: { value: string; code: string }): React.JSX.Element {
  if (usePrivacy()) return <Masked />;
  return (
    <span className="amount">
      {formatExactAmount(value, displayLocale)} <span className="unit">{code}</span>
    </span>
  );
}

export function UsdAmount({ value, signed = false }: { value: string; signed?: boolean }): React.JSX.Element {
  if (usePrivacy()) return <Masked />;
  const tone = signed ? signedTone(value) : '';
  return <span className={`amount ${tone}`}>{signed ? formatSignedUsd(value) : formatUsd(value)}</span>;
}

/** A share of a whole (fraction 0..1) as a percentage; masked in privacy mode, as it tells amounts apart. */
export function ShareAmount({ value }: { value: string }): React.JSX.Element {
  if (usePrivacy()) return <Masked />;
  return <span className="amount">{formatShare(value)}</span>;
}
