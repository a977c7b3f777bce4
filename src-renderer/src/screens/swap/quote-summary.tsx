import type { SwapQuote } from '../../../../src-preload/contract/swap';
import { CryptoAmount, UsdAmount } from '../../components/amount';
import { RichText, useText } from '../../i18n/use-text';

export function QuoteSummary({ quote }: { quote: SwapQuote }): React.JSX.Element {
  const t = useText();
  return (
    <dl className="facts">
      <dt>{t('swap.summary.send')}</dt>
      <dd>
        {quote.isUsdInput ? (
          <RichText
            id="swap.summary.usd"
            values={{
              amount: <CryptoAmount value={quote.cryptoAmount} code={quote.fromSymbol} />,
              usd: <UsdAmount value={quote.amount} />,
            }}
          />
        ) : (
          <CryptoAmount value={quote.cryptoAmount} code={quote.fromSymbol} />
        )}
      </dd>
      <dt>{t('swap.summary.receive')}</dt>
      <dd>
        <CryptoAmount value={quote.toAmount} code={quote.toSymbol} />
      </dd>
      <dt>{t('swap.summary.minimum')}</dt>
      <dd>
        {/* Spec 2.2: the swap precheck gives cryptoAmount and toAmount only, no minimum or slippage. */}
        {t('swap.summary.minimum.none')}
      </dd>
      <dt>{t('swap.summary.fee')}</dt>
      <dd>{t('swap.summary.fee.none')}</dd>
      <dt>{t('swap.summary.rate')}</dt>
      <dd>
        <RichText
          id="swap.summary.rateValue"
          values={{
            code: quote.fromSymbol,
            rate: <CryptoAmount value={quote.rate} code={quote.toSymbol} />,
            how: (chunks: React.ReactNode[]) => <span className="swap-rate-how">{chunks}</span>,
          }}
        />
      </dd>
      <dt>{t('swap.summary.networks')}</dt>
      <dd>{t('swap.summary.networksValue', { from: quote.fromNetwork, to: quote.toNetwork })}</dd>
    </dl>
  );
}
