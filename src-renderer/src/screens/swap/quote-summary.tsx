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
      <dt>Rate</dt>
      <dd>
        {'1 '}
        {quote.fromSymbol}
        {' = '}
        <CryptoAmount value={quote.rate} code={quote.toSymbol} />
      </dd>
      <dt>Networks</dt>
      <dd>{`${quote.fromNetwork} → ${quote.toNetwork}`}</dd>
    </dl>
  );
}
