import { useEffect, useId } from 'react';
import { feeRateNames } from '../../../../src-preload/contract/fee-rate-names';
import type { FeeRate } from '../../../../src-preload/contract/send';
import type { BridgeError } from '../../../../src-preload/result';
import { AddressBookPicker, useAddressBookEntries } from '../../components/address-book-picker';
import { CryptoAmount, ExactCryptoAmount, UsdAmount } from '../../components/amount';
import { DecimalInput } from '../../components/decimal-input';
import { knownPrice, usdFromCrypto } from '../../format/fiat-conversion';
import { ErrorMessage } from '../../components/error-message';
import { AcknowledgeFirst, isUnacknowledged } from '../../components/unsettled-words';
import { findEntry } from '../../stores/address-book-store';
import { useSendStore } from '../../stores/send-store';
import { RichText, useText } from '../../i18n/use-text';
import { PrecisionNote } from './precision-note';
import { unresolvedSendsTitle } from './unresolved-sends';

/** An error belongs next to its field when main named one; everything else shows under the form. */
function errorFor(error: BridgeError | null, field: string): BridgeError | null {
  return error?.field === field ? error : null;
}

function generalError(error: BridgeError | null, fields: readonly string[]): BridgeError | null {
  return error && !(error.field && fields.includes(error.field)) ? error : null;
}

const FORM_FIELDS = ['code', 'address', 'amount'] as const;

/** Asset, destination and amount; then the fee options main got from the precheck. */
export function SendForm({ disabled }: { disabled: boolean }): React.JSX.Element {
  const assets = useSendStore((state) => state.assets);
  const assetsError = useSendStore((state) => state.assetsError);
  const form = useSendStore((state) => state.form);
  const precheck = useSendStore((state) => state.precheck);
  const prechecking = useSendStore((state) => state.prechecking);
  const precheckError = useSendStore((state) => state.precheckError);
  const confirming = useSendStore((state) => state.confirming);
  const confirmError = useSendStore((state) => state.confirmError);
  const loadAssets = useSendStore((state) => state.loadAssets);
  const edit = useSendStore((state) => state.edit);
  const chooseFee = useSendStore((state) => state.chooseFee);
  const check = useSendStore((state) => state.check);
  const chooseMax = useSendStore((state) => state.chooseMax);
  const confirm = useSendStore((state) => state.confirm);
  const t = useText();
  const ids = {
    asset: useId(),
    address: useId(),
    amount: useId(),
    description: useId(),
    addressError: useId(),
    amountError: useId(),
    noPrice: useId(),
    unchecked: useId(),
  };

  useEffect(() => {
    if (!disabled) void loadAssets();
  }, [disabled, loadAssets]);

  const selected = assets?.find((asset) => asset.code === form.code) ?? null;
  const book = useAddressBookEntries();
  const price = knownPrice(selected?.priceUsd) !== null;
  const inUsd = form.entry === 'usd' && price;
  const saved = selected ? (book ?? []).filter((entry) => entry.code === selected.code) : [];
  const savedAs = selected ? findEntry(book, selected.code, form.address) : undefined;
  const addressError = errorFor(precheckError, 'address');
  const amountError = errorFor(precheckError, 'amount') ?? errorFor(confirmError, 'amount');

  return (
    <>
      <form
        className="card send-form"
        aria-label={t('send.form.label')}
        onSubmit={(event) => {
          event.preventDefault();
          if (!prechecking) void check();
        }}
      >
        <fieldset disabled={disabled} className="send-fieldset">
          <label htmlFor={ids.asset}>{t('send.form.asset')}</label>
          <select id={ids.asset} value={form.code} onChange={(event) => edit({ code: event.target.value })}>
            <option value="">
              {disabled
                ? t('send.form.asset.unavailable')
                : assets
                  ? t('send.form.asset.choose')
                  : assetsError
                    ? t('send.form.asset.failed')
                    : t('send.form.asset.loading')}
            </option>
            {assets?.map((asset) => (
              <option key={asset.code} value={asset.code}>
                {t('send.form.asset.option', { name: asset.displayName, network: asset.network, code: asset.code })}
              </option>
            ))}
          </select>
          <ErrorMessage error={errorFor(precheckError, 'code') ?? assetsError} />
          {selected && (
            <p className="send-available">
              <RichText
                id="send.form.available"
                values={{
                  amount:
                    selected.decimalsFrom === 'known' ? (
                      <CryptoAmount value={precheck?.availableBalance ?? selected.balance} code={selected.code} />
                    ) : (
                      <ExactCryptoAmount value={precheck?.availableBalance ?? selected.balance} code={selected.code} />
                    ),
                }}
              />
            </p>
          )}

          {selected && (
            <AddressBookPicker
              entries={saved}
              address={form.address}
              label={t('send.form.book')}
              emptyText={t('send.form.book.empty', { code: selected.code })}
              onPick={(entry) => edit({ address: entry.address })}
            />
          )}
          <label htmlFor={ids.address}>{t('send.form.address')}</label>
          <input
            id={ids.address}
            className="mono send-address-input"
            value={form.address}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={addressError ? true : undefined}
            aria-describedby={addressError ? ids.addressError : undefined}
            onChange={(event) => edit({ address: event.target.value })}
          />
          <ErrorMessage error={addressError} id={ids.addressError} />
          {savedAs && <p className="send-saved-as">{t('send.form.savedAs', { name: savedAs.name })}</p>}

          {selected && (
            <fieldset className="row send-entry">
              <legend>{t('send.form.entry')}</legend>
              <label className="row">
                <input
                  type="radio"
                  name="send-entry"
                  checked={form.entry === 'crypto'}
                  onChange={() => edit({ entry: 'crypto' })}
                />
                {selected.code}
              </label>
              <label className="row">
                <input
                  type="radio"
                  name="send-entry"
                  checked={form.entry === 'usd'}
                  disabled={!price}
                  aria-describedby={price ? undefined : ids.noPrice}
                  onChange={() => edit({ entry: 'usd', usdAmount: usdFromCrypto(form.amount, selected.priceUsd) })}
                />
                {t('send.form.usd')}
              </label>
            </fieldset>
          )}
          {selected && !price && (
            <p id={ids.noPrice} className="send-no-price">
              {t('send.form.noPrice', { code: selected.code })}
            </p>
          )}
          <label htmlFor={ids.amount}>
            {t('send.form.amount', { unit: inUsd ? 'USD' : (selected?.code ?? 'none') })}
          </label>
          <div className="row">
            <DecimalInput
              key={inUsd ? 'usd' : 'crypto'}
              id={ids.amount}
              value={inUsd ? form.usdAmount : form.amount}
              unit={inUsd ? 'USD' : selected?.code}
              errorId={amountError ? ids.amountError : undefined}
              onChange={(amount) => edit(inUsd ? { usdAmount: amount } : { amount })}
            />
            <button
              type="button"
              className="secondary"
              disabled={prechecking || form.code === '' || form.address.trim() === ''}
              title={t('send.form.max.title')}
              onClick={() => void chooseMax()}
            >
              {t('send.form.max')}
            </button>
          </div>
          {selected && price && (
            <p className="send-other-unit" aria-live="polite">
              {inUsd
                ? form.amount !== '' && (
                    <RichText
                      id="send.form.fromUsd"
                      values={{
                        amount: <CryptoAmount value={form.amount} code={selected.code} />,
                        price: <UsdAmount value={selected.priceUsd} />,
                        code: selected.code,
                      }}
                    />
                  )
                : usdFromCrypto(form.amount, selected.priceUsd) !== '' && (
                    <RichText
                      id="send.form.inUsd"
                      values={{
                        usd: <UsdAmount value={usdFromCrypto(form.amount, selected.priceUsd)} />,
                        price: <UsdAmount value={selected.priceUsd} />,
                        code: selected.code,
                      }}
                    />
                  )}
            </p>
          )}
          {selected && <PrecisionNote asset={selected} />}
          <ErrorMessage error={amountError} id={ids.amountError} />

          <div className="row send-actions">
            <button type="submit" className="primary" disabled={prechecking}>
              {prechecking ? t('send.form.checking') : t('send.form.check')}
            </button>
          </div>
          {prechecking && <span className="skeleton" aria-busy="true" aria-label={t('send.form.checking.label')} />}
          <ErrorMessage error={generalError(precheckError, FORM_FIELDS)} />
        </fieldset>
      </form>

      {precheck && (
        <form
          className="card send-fees"
          aria-label={t('send.fees.label')}
          onSubmit={(event) => {
            event.preventDefault();
            if (!confirming) void confirm();
          }}
        >
          {precheck.poisoningWarning && (
            <p className="warning send-poisoning" role="alert">
              {precheck.poisoningWarning.message}
            </p>
          )}
          <p>
            <RichText
              id="send.fees.sending"
              values={{
                amount: <ExactCryptoAmount value={precheck.amount} code={precheck.code} />,
                usd: <UsdAmount value={precheck.amountUsd} />,
                max: precheck.isMax ? 'true' : 'false',
              }}
            />
          </p>
          <fieldset className="send-fee-options" disabled={disabled || prechecking}>
            <legend>{t('send.fees.fee')}</legend>
            {precheck.feeOptions.map((option) => (
              <label
                key={option.feeRate}
                className={`row send-fee${option.affordable ? '' : ' send-fee-unaffordable'}`}
              >
                <input
                  type="radio"
                  name="send-fee"
                  value={option.feeRate}
                  checked={form.feeRate === option.feeRate}
                  onChange={() => chooseFee(option.feeRate as FeeRate)}
                />
                <span className="send-fee-label">{t(feeRateNames[option.feeRate])}</span>
                <CryptoAmount value={option.fee} code={option.feeSymbol} />
                <UsdAmount value={option.feeUsd} />
                <span className="send-fee-arrival">{option.arrivalEstimation}</span>
                {!option.affordable && <span className="send-fee-note">{t('send.fees.unaffordable')}</span>}
              </label>
            ))}
          </fieldset>
          {!precheck.addressChecked && (
            <div className="warning send-unchecked">
              <p id={ids.unchecked} role="alert">
                {t('send.fees.unchecked', { network: precheck.network })}
              </p>
              <label className="row">
                <input
                  type="checkbox"
                  checked={form.uncheckedAddressConfirmed}
                  aria-describedby={ids.unchecked}
                  onChange={(event) => edit({ uncheckedAddressConfirmed: event.target.checked })}
                />
                {t('send.fees.checkedMyself')}
              </label>
              <ErrorMessage error={errorFor(confirmError, 'uncheckedAddressConfirmed')} />
            </div>
          )}
          <label htmlFor={ids.description}>{t('send.fees.description')}</label>
          <input
            id={ids.description}
            maxLength={200}
            value={form.description}
            onChange={(event) => edit({ description: event.target.value })}
          />
          <ErrorMessage
            error={
              isUnacknowledged(confirmError)
                ? null
                : generalError(confirmError, [...FORM_FIELDS, 'uncheckedAddressConfirmed'])
            }
          />
          <AcknowledgeFirst prefix="send" kind="send" panelTitle={unresolvedSendsTitle()} error={confirmError} />
          <div className="row send-actions">
            <button
              type="submit"
              className="primary"
              disabled={
                disabled || confirming || prechecking || (!precheck.addressChecked && !form.uncheckedAddressConfirmed)
              }
            >
              {confirming ? t('send.fees.preparing') : t('send.fees.review')}
            </button>
          </div>
        </form>
      )}
    </>
  );
}
