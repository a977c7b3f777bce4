import type { SwapQuote } from '../../../../src-preload/contract/swap';
import { CryptoAmount, UsdAmount } from '../../components/amount';

export function QuoteSummary({ quote }: { quote: SwapQuote }): React.JSX.Element {
  return (
    <dl className="facts">
      <dt>You send</dt>
      <dd>
        <CryptoAmount value={quote.cryptoAmount} code={quote.fromSymbol} />
        {quote.isUsdInput && (
          <>
            {' ('}
            <UsdAmount value={quote.amount} />
            {')'}
          </>
        )}
      </dd>
      <dt>You receive</dt>
      <dd>
        <CryptoAmount value={quote.toAmount} code={quote.toSymbol} />
      </dd>
      <dt>Minimum received</dt>
      <dd>
        {/* Spec 2.2: the swap precheck gives cryptoAmount and toAmount only, no minimum or slippage. */}
        Not stated by the service: its quote gives only the amount to be received above, with no separate minimum.
      </dd>
      <dt>Fee</dt>
      <dd>Not stated by the service: its quote names no swap fee, only the amounts sent and received.</dd>
      <dt>Rate</dt>
      <dd>
        {'1 '}
        {quote.fromSymbol}
        {' = '}
        <CryptoAmount value={quote.rate} code={quote.toSymbol} />
        <span className="swap-rate-how">
          {` (worked out by the app: amount received ÷ amount sent, rounded down to 10 significant digits)`}
        </span>
      </dd>
      <dt>Networks</dt>
      <dd>{`${quote.fromNetwork} → ${quote.toNetwork}`}</dd>
    </dl>
  );
}
