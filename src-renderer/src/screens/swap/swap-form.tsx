import { useEffect, useId } from 'react';
import type { SwapQuote } from '../../../../src-preload/contract/swap';
import { CryptoAmount, UsdAmount } from '../../components/amount';
import { ErrorMessage } from '../../components/error-message';
import { useSwapStore } from '../../stores/swap-store';
import { QuoteCountdown } from './quote-countdown';

/** Quotes follow the input after the user pauses typing, not on every keystroke. */
const QUOTE_DEBOUNCE_MS = 400;

export function QuoteSummary({ quote }: { quote: SwapQuote }): React.JSX.Element {
  return (
    <dl className="swap-quote-lines">
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
  const ids = {
    from: useId(),
    fromNetwork: useId(),
    to: useId(),
    toNetwork: useId(),
    amount: useId(),
    amountError: useId(),
  };

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
  const fromBalance = symbols?.balances.find((entry) => entry.asset === form.fromSymbol) ?? null;
  const amountError = quoteError?.field === 'amount' ? quoteError : null;

  return (
    <form
      className="card swap-form"
      aria-label="Swap details"
      onSubmit={(event) => {
        event.preventDefault();
        if (quote && !confirming && !quoting) void confirm();
      }}
    >
      <fieldset disabled={disabled} className="swap-fieldset">
        <div className="row swap-side">
          <div>
            <label htmlFor={ids.from}>From</label>
            <select
              id={ids.from}
              value={form.fromSymbol}
              onChange={(event) => {
                const pair = pairs.find((candidate) => candidate.baseSymbol === event.target.value);
                edit({
                  fromSymbol: event.target.value,
                  fromNetwork: pair?.depositNetworks.length === 1 ? (pair.depositNetworks[0] ?? '') : '',
                  ...(pair && !pair.quoteSymbols.includes(form.toSymbol) ? { toSymbol: '', toNetwork: '' } : {}),
                });
              }}
            >
              <option value="">{symbols ? 'Choose an asset' : 'Loading…'}</option>
              {pairs.map((pair) => (
                <option key={pair.baseSymbol} value={pair.baseSymbol}>
                  {pair.baseSymbol}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={ids.fromNetwork}>From network</label>
            <select
              id={ids.fromNetwork}
              value={form.fromNetwork}
              disabled={!from}
              onChange={(event) => edit({ fromNetwork: event.target.value })}
            >
              <option value="">Choose a network</option>
              {from?.depositNetworks.map((network) => (
                <option key={network} value={network}>
                  {network}
                </option>
              ))}
            </select>
          </div>
        </div>
        {fromBalance && (
          <p className="swap-balance">
            Swap balance: <CryptoAmount value={fromBalance.amount} code={fromBalance.asset} />
          </p>
        )}

        <div className="row swap-side">
          <div>
            <label htmlFor={ids.to}>To</label>
            <select
              id={ids.to}
              value={form.toSymbol}
              disabled={!from}
              onChange={(event) => {
                const pair = pairs.find((candidate) => candidate.baseSymbol === event.target.value);
                edit({
                  toSymbol: event.target.value,
                  toNetwork: pair?.withdrawNetworks.length === 1 ? (pair.withdrawNetworks[0] ?? '') : '',
                });
              }}
            >
              <option value="">Choose an asset</option>
              {from?.quoteSymbols.map((symbol) => (
                <option key={symbol} value={symbol}>
                  {symbol}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={ids.toNetwork}>To network</label>
            <select
              id={ids.toNetwork}
              value={form.toNetwork}
              disabled={!to}
              onChange={(event) => edit({ toNetwork: event.target.value })}
            >
              <option value="">Choose a network</option>
              {to?.withdrawNetworks.map((network) => (
                <option key={network} value={network}>
                  {network}
                </option>
              ))}
            </select>
          </div>
        </div>

        <label htmlFor={ids.amount}>
          {form.isUsdInput ? 'Amount (USD)' : `Amount${form.fromSymbol ? ` (${form.fromSymbol})` : ''}`}
        </label>
        <input
          id={ids.amount}
          inputMode="decimal"
          autoComplete="off"
          value={form.amount}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={amountError ? ids.amountError : undefined}
          onChange={(event) => edit({ amount: event.target.value.replace(',', '.') })}
        />
        <ErrorMessage error={amountError} id={ids.amountError} />
        <label className="row">
          <input
            type="checkbox"
            checked={form.isUsdInput}
            onChange={(event) => edit({ isUsdInput: event.target.checked })}
          />
          Enter the amount in USD
        </label>
      </fieldset>

      <ErrorMessage error={symbolsError} />
      <ErrorMessage error={quoteError && !amountError ? quoteError : null} />
      {notice && <p role="status">{notice}</p>}
      {quoting && !quote && <span className="skeleton" aria-busy="true" aria-label="Getting a quote" />}
      {quote && (
        <section aria-label="Quote" className="swap-quote" aria-busy={quoting}>
          <QuoteSummary quote={quote} />
          <QuoteCountdown key={quote.expiresAt} expiresAt={quote.expiresAt} onExpire={() => void refreshQuote()} />
        </section>
      )}
      <div className="row swap-actions">
        <button type="submit" className="primary" disabled={disabled || !quote || quoting || confirming}>
          {confirming ? 'Preparing…' : 'Review swap'}
        </button>
      </div>
    </form>
  );
}
