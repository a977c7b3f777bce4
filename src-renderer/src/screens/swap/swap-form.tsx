import { useEffect, useId } from 'react';
import { CryptoAmount } from '../../components/amount';
import { DecimalInput } from '../../components/decimal-input';
import { ErrorMessage } from '../../components/error-message';
import { AcknowledgeFirst, isUnacknowledged } from '../../components/unsettled-words';
import { useSwapStore } from '../../stores/swap-store';
import { RichText, useText } from '../../i18n/use-text';
import { AssetNetworkPicker } from './asset-network-picker';
import { QuoteCountdown } from './quote-countdown';
import { QuoteSummary } from './quote-summary';
import { unresolvedSwapsTitle } from './unresolved-swaps';

/** Quotes follow the input after the user pauses typing, not on every keystroke. */
const QUOTE_DEBOUNCE_MS = 400;

export function SwapFormPanel({ disabled }: { disabled: boolean }): React.JSX.Element {
  const symbols = useSwapStore((state) => state.symbols);
  const symbolsError = useSwapStore((state) => state.symbolsError);
  const form = useSwapStore((state) => state.form);
  const quote = useSwapStore((state) => state.quote);
  const quoting = useSwapStore((state) => state.quoting);
  const quoteError = useSwapStore((state) => state.quoteError);
  const confirming = useSwapStore((state) => state.confirming);
  const notice = useSwapStore((state) => state.notice);
  const loadSymbols = useSwapStore((state) => state.loadSymbols);
  const edit = useSwapStore((state) => state.edit);
  const refreshQuote = useSwapStore((state) => state.refreshQuote);
  const confirm = useSwapStore((state) => state.confirm);
  const t = useText();
  const ids = { amount: useId(), amountError: useId() };

  useEffect(() => {
    if (!disabled) void loadSymbols();
  }, [disabled, loadSymbols]);

  useEffect(() => {
    if (disabled) return;
    const timer = window.setTimeout(() => void refreshQuote(), QUOTE_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [form, disabled, refreshQuote]);

  const pairs = symbols?.pairs ?? [];
  const from = pairs.find((pair) => pair.baseSymbol === form.fromSymbol) ?? null;
  const to = pairs.find((pair) => pair.baseSymbol === form.toSymbol) ?? null;
  // A swap takes its amount from the chosen network's wallet, not from the asset's sum over networks.
  const fromWallet =
    symbols?.wallets.find((entry) => entry.asset === form.fromSymbol && entry.network === form.fromNetwork) ?? null;
  const amountError = quoteError?.field === 'amount' ? quoteError : null;

  return (
    <form
      className="card swap-form"
      aria-label={t('swap.form.label')}
      onSubmit={(event) => {
        event.preventDefault();
        if (quote && !confirming && !quoting) void confirm();
      }}
    >
      <fieldset disabled={disabled} className="swap-fieldset">
        <AssetNetworkPicker
          side={t('swap.form.from')}
          networkLabel={t('swap.form.fromNetwork')}
          symbol={form.fromSymbol}
          network={form.fromNetwork}
          symbolPlaceholder={
            disabled ? t('swap.form.unavailable') : symbols ? t('swap.form.chooseAsset') : t('swap.form.loading')
          }
          symbols={pairs.map((pair) => pair.baseSymbol)}
          networks={from?.depositNetworks}
          onSymbolChange={(symbol) => {
            const pair = pairs.find((candidate) => candidate.baseSymbol === symbol);
            edit({
              fromSymbol: symbol,
              fromNetwork: pair?.depositNetworks.length === 1 ? (pair.depositNetworks[0] ?? '') : '',
              ...(pair && !pair.quoteSymbols.includes(form.toSymbol) ? { toSymbol: '', toNetwork: '' } : {}),
            });
          }}
          onNetworkChange={(network) => edit({ fromNetwork: network })}
        />
        {fromWallet && (
          <p className="swap-balance">
            <RichText
              id="swap.form.available"
              values={{
                network: fromWallet.network,
                amount: <CryptoAmount value={fromWallet.amount} code={fromWallet.code} />,
              }}
            />
          </p>
        )}

        <AssetNetworkPicker
          side={t('swap.form.to')}
          networkLabel={t('swap.form.toNetwork')}
          symbol={form.toSymbol}
          network={form.toNetwork}
          symbolPlaceholder={t('swap.form.chooseAsset')}
          symbols={from?.quoteSymbols ?? []}
          symbolDisabled={!from}
          networks={to?.withdrawNetworks}
          onSymbolChange={(symbol) => {
            const pair = pairs.find((candidate) => candidate.baseSymbol === symbol);
            edit({
              toSymbol: symbol,
              toNetwork: pair?.withdrawNetworks.length === 1 ? (pair.withdrawNetworks[0] ?? '') : '',
            });
          }}
          onNetworkChange={(network) => edit({ toNetwork: network })}
        />

        <label htmlFor={ids.amount}>
          {t('swap.form.amount', { unit: form.isUsdInput ? 'USD' : form.fromSymbol || 'none' })}
        </label>
        <DecimalInput
          id={ids.amount}
          value={form.amount}
          unit={form.isUsdInput ? 'USD' : form.fromSymbol || undefined}
          errorId={amountError ? ids.amountError : undefined}
          onChange={(amount) => edit({ amount })}
        />
        <ErrorMessage error={amountError} id={ids.amountError} />
        <label className="row">
          <input
            type="checkbox"
            checked={form.isUsdInput}
            onChange={(event) => edit({ isUsdInput: event.target.checked })}
          />
          {t('swap.form.inUsd')}
        </label>
      </fieldset>

      <ErrorMessage error={symbolsError} />
      <ErrorMessage error={quoteError && !amountError && !isUnacknowledged(quoteError) ? quoteError : null} />
      {notice && <p role="status">{notice}</p>}
      {quoting && !quote && <span className="skeleton" aria-busy="true" aria-label={t('swap.form.quoting')} />}
      {quote && (
        <section aria-label={t('swap.form.quote')} className="swap-quote" aria-busy={quoting}>
          <QuoteSummary quote={quote} />
          <QuoteCountdown key={quote.expiresAt} expiresAt={quote.expiresAt} onExpire={() => void refreshQuote()} />
        </section>
      )}
      <AcknowledgeFirst prefix="swap" kind="swap" panelTitle={unresolvedSwapsTitle()} error={quoteError} />
      <div className="row swap-actions">
        <button type="submit" className="primary" disabled={disabled || !quote || quoting || confirming}>
          {confirming ? t('swap.form.preparing') : t('swap.form.review')}
        </button>
      </div>
    </form>
  );
}
