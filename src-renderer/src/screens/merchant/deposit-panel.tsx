import { useState } from 'react';
import type { AssetCode } from '../../../../src-preload/contract/asset-table';
import type { DepositAmountUnit, MerchantDepositAddressView } from '../../../../src-preload/contract/merchant';
import { AddressDisplay } from '../../components/address-display';
import { CryptoAmount, usePrivacy } from '../../components/amount';
import { CopyButton } from '../../components/copy-button';
import { DecimalInput } from '../../components/decimal-input';
import { QrCode } from '../../components/qr-code';
import { useText } from '../../i18n/use-text';
import { useMerchantDepositStore } from '../../stores/merchant-deposit-store';
import { depositPriceText } from './deposit-price';
import { AssetOptions, Feedback } from './merchant-options';

/** An empty list, in any language. */
const NONE = '—';

const currencies = ['USD', 'EUR', 'GBP', 'TRY', 'JPY'] as const;
type Currency = (typeof currencies)[number];

function DepositAddressCard({ deposit }: { deposit: MerchantDepositAddressView }): React.JSX.Element {
  const t = useText();
  const privacy = usePrivacy();
  return (
    <section aria-labelledby="merchant-deposit-title" className="card merchant-deposit">
      <h3 id="merchant-deposit-title">{t('merchant.deposit.title', { reference: deposit.referenceId })}</h3>
      <QrCode
        value={deposit.address}
        description={t('merchant.deposit.qr', { code: deposit.code, network: deposit.network })}
      />
      <AddressDisplay address={deposit.address} caption={t('merchant.deposit.address')} />
      <CopyButton text={deposit.address} />
      {/* Only what the service's answer carries: the SDK's declared answers lack some fields. */}
      <dl className="facts">
        <dt>{t('merchant.deposit.asset')}</dt>
        <dd>{deposit.code}</dd>
        <dt>{t('merchant.deposit.network')}</dt>
        <dd>{deposit.network}</dd>
        {deposit.supportedNetworks !== null && (
          <>
            <dt>{t('merchant.deposit.supportedNetworks')}</dt>
            <dd>{deposit.supportedNetworks.join(', ') || NONE}</dd>
          </>
        )}
        {deposit.contractTypes !== null && (
          <>
            <dt>{t('merchant.deposit.contractTypes')}</dt>
            <dd>{deposit.contractTypes.join(', ') || t('merchant.deposit.nativeCoin')}</dd>
          </>
        )}
        {deposit.minAmounts.length > 0 && (
          <>
            <dt>{t('merchant.deposit.minimums')}</dt>
            <dd>
              <ul className="merchant-inline">
                {deposit.minAmounts.map((min) => (
                  <li key={min.currency}>
                    <CryptoAmount value={min.amount} code={min.currency} />
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        {deposit.expected && (
          <>
            <dt>{t('merchant.deposit.expected')}</dt>
            <dd>
              <CryptoAmount value={deposit.expected.amount} code={deposit.expected.unit} />
            </dd>
          </>
        )}
        {deposit.price && (
          <>
            <dt>{t('merchant.deposit.price')}</dt>
            <dd>{depositPriceText(deposit.price, privacy)}</dd>
          </>
        )}
        {deposit.referenceGuid !== null && (
          <>
            <dt>{t('merchant.deposit.referenceGuid')}</dt>
            <dd className="mono">{deposit.referenceGuid}</dd>
          </>
        )}
      </dl>
      {deposit.information !== null && <p role="note">{deposit.information}</p>}
    </section>
  );
}

export function DepositPanel(): React.JSX.Element {
  const t = useText();
  const deposit = useMerchantDepositStore((state) => state.deposit);
  const feedback = useMerchantDepositStore((state) => state.feedback.deposits);
  const busy = useMerchantDepositStore((state) => state.busy);
  const { createDeposit, getDeposit, clearError } = useMerchantDepositStore.getState();
  const [code, setCode] = useState<AssetCode>('BTC');
  const [label, setLabel] = useState('');
  const [referenceId, setReferenceId] = useState('');
  const [callbackUrl, setCallbackUrl] = useState('');
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState<Currency>('USD');
  // What the expected amount counts: the spec is silent, the vendor's READMEs read it both ways.
  const [unit, setUnit] = useState<DepositAmountUnit>('crypto');
  const [redirectUrl, setRedirectUrl] = useState('');
  const [cancelUrl, setCancelUrl] = useState('');
  const [memberId, setMemberId] = useState('');
  const [getCode, setGetCode] = useState<AssetCode>('BTC');

  return (
    <div className="merchant-columns">
      <div>
        <h3 id="deposit-create-title">{t('merchant.deposit.create.title')}</h3>
        <p>{t('merchant.deposit.create.intro')}</p>
        <form
          aria-labelledby="deposit-create-title"
          onChange={() => clearError('deposits')}
          onSubmit={(event) => {
            event.preventDefault();
            void createDeposit({
              code,
              label,
              referenceId,
              callbackUrl,
              ...(amount ? { amount, amountUnit: unit, ...(unit === 'fiat' ? { currency } : {}) } : {}),
              ...(redirectUrl ? { redirectUrl } : {}),
              ...(cancelUrl ? { cancelUrl } : {}),
            });
          }}
        >
          <label htmlFor="deposit-asset">{t('merchant.deposit.assetAndNetwork')}</label>
          <select id="deposit-asset" value={code} onChange={(event) => setCode(event.target.value as AssetCode)}>
            <AssetOptions />
          </select>
          <label htmlFor="deposit-label">{t('merchant.deposit.label')}</label>
          <input id="deposit-label" value={label} onChange={(event) => setLabel(event.target.value)} />
          <label htmlFor="deposit-reference">{t('merchant.deposit.reference')}</label>
          <input id="deposit-reference" value={referenceId} onChange={(event) => setReferenceId(event.target.value)} />
          <label htmlFor="deposit-callback">{t('merchant.deposit.callback')}</label>
          <input
            id="deposit-callback"
            type="url"
            value={callbackUrl}
            onChange={(event) => setCallbackUrl(event.target.value)}
            size={40}
          />
          <fieldset className="deposit-amount-unit">
            <legend>{t('merchant.deposit.unit')}</legend>
            <label>
              <input
                type="radio"
                name="deposit-amount-unit"
                value="crypto"
                checked={unit === 'crypto'}
                onChange={() => setUnit('crypto')}
              />
              {t('merchant.deposit.unit.crypto', { code })}
            </label>
            <label>
              <input
                type="radio"
                name="deposit-amount-unit"
                value="fiat"
                checked={unit === 'fiat'}
                onChange={() => setUnit('fiat')}
              />
              {t('merchant.deposit.unit.fiat')}
            </label>
          </fieldset>
          {unit === 'fiat' && (
            <>
              <label htmlFor="deposit-currency">{t('merchant.deposit.currency')}</label>
              <select
                id="deposit-currency"
                value={currency}
                onChange={(event) => setCurrency(event.target.value as Currency)}
              >
                {currencies.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </>
          )}
          <label htmlFor="deposit-amount">
            {t('merchant.deposit.amount', { unit: unit === 'fiat' ? currency : code })}
          </label>
          <DecimalInput
            id="deposit-amount"
            value={amount}
            unit={unit === 'fiat' ? currency : code}
            errorId={undefined}
            onChange={setAmount}
          />
          <p className="merchant-hint">
            {unit === 'fiat'
              ? t('merchant.deposit.sentFiat', { currency })
              : t('merchant.deposit.sentCrypto', { code })}
          </p>
          <label htmlFor="deposit-redirect">{t('merchant.deposit.redirect')}</label>
          <input
            id="deposit-redirect"
            type="url"
            value={redirectUrl}
            onChange={(event) => setRedirectUrl(event.target.value)}
            size={40}
          />
          <label htmlFor="deposit-cancel">{t('merchant.deposit.cancel')}</label>
          <input
            id="deposit-cancel"
            type="url"
            value={cancelUrl}
            onChange={(event) => setCancelUrl(event.target.value)}
            size={40}
          />
          <div className="row merchant-actions">
            <button type="submit" className="primary" disabled={busy.has('depositCreate') || callbackUrl.trim() === ''}>
              {t('merchant.deposit.create')}
            </button>
          </div>
        </form>

        <h3 id="deposit-get-title">{t('merchant.deposit.get.title')}</h3>
        <form
          aria-labelledby="deposit-get-title"
          onChange={() => clearError('deposits')}
          onSubmit={(event) => {
            event.preventDefault();
            void getDeposit({ memberId, code: getCode });
          }}
        >
          <label htmlFor="deposit-member">{t('merchant.deposit.member')}</label>
          <input id="deposit-member" value={memberId} onChange={(event) => setMemberId(event.target.value)} />
          <label htmlFor="deposit-get-asset">{t('merchant.deposit.get.asset')}</label>
          <select
            id="deposit-get-asset"
            value={getCode}
            onChange={(event) => setGetCode(event.target.value as AssetCode)}
          >
            <AssetOptions />
          </select>
          <div className="row merchant-actions">
            <button type="submit" className="secondary" disabled={busy.has('depositGet') || memberId.trim() === ''}>
              {t('merchant.deposit.get')}
            </button>
          </div>
        </form>
        <Feedback {...feedback} />
      </div>
      {deposit && <DepositAddressCard deposit={deposit} />}
    </div>
  );
}
