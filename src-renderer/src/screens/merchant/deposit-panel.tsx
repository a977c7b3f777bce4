import { useState } from 'react';
import type { AssetCode } from '../../../../src-preload/contract/asset-table';
import type { DepositAmountUnit, MerchantDepositAddressView } from '../../../../src-preload/contract/merchant';
import { AddressDisplay } from '../../components/address-display';
import { CryptoAmount } from '../../components/amount';
import { CopyButton } from '../../components/copy-button';
import { DecimalInput } from '../../components/decimal-input';
import { QrCode } from '../../components/qr-code';
import { useMerchantDepositStore } from '../../stores/merchant-deposit-store';
import { AssetOptions, Feedback } from './merchant-options';

const currencies = ['USD', 'EUR', 'GBP', 'TRY', 'JPY'] as const;
type Currency = (typeof currencies)[number];

function DepositAddressCard({ deposit }: { deposit: MerchantDepositAddressView }): React.JSX.Element {
  return (
    <section aria-labelledby="merchant-deposit-title" className="card merchant-deposit">
      <h3 id="merchant-deposit-title">{`Deposit address for ${deposit.referenceId}`}</h3>
      <QrCode
        value={deposit.address}
        description={`QR code of the ${deposit.code} deposit address on ${deposit.network}`}
      />
      <AddressDisplay address={deposit.address} caption="Deposit address" />
      <CopyButton text={deposit.address} />
      {/* Only what the service's answer carries: the SDK's declared answers lack some fields. */}
      <dl className="facts">
        <dt>Asset</dt>
        <dd>{deposit.code}</dd>
        <dt>Network</dt>
        <dd>{deposit.network}</dd>
        {deposit.supportedNetworks !== null && (
          <>
            <dt>Supported networks</dt>
            <dd>{deposit.supportedNetworks.join(', ') || '—'}</dd>
          </>
        )}
        {deposit.contractTypes !== null && (
          <>
            <dt>Contract types</dt>
            <dd>{deposit.contractTypes.join(', ') || 'None (native coin)'}</dd>
          </>
        )}
        {deposit.minAmounts.length > 0 && (
          <>
            <dt>Minimum amounts</dt>
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
            <dt>Expected amount, as sent</dt>
            <dd>
              <CryptoAmount value={deposit.expected.amount} code={deposit.expected.unit} />
            </dd>
          </>
        )}
        {deposit.price && (
          <>
            <dt>The service values it at</dt>
            <dd>{deposit.price.map((price) => `${price.currency} ${price.amount}`).join(' · ')}</dd>
          </>
        )}
        {deposit.referenceGuid !== null && (
          <>
            <dt>Reference GUID</dt>
            <dd className="mono">{deposit.referenceGuid}</dd>
          </>
        )}
      </dl>
      {deposit.information !== null && <p role="note">{deposit.information}</p>}
    </section>
  );
}

export function DepositPanel(): React.JSX.Element {
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
        <h3 id="deposit-create-title">Create deposit address</h3>
        <p>Each address you create is also kept under Payment requests, where you can follow what was paid to it.</p>
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
          <label htmlFor="deposit-asset">Asset and network</label>
          <select id="deposit-asset" value={code} onChange={(event) => setCode(event.target.value as AssetCode)}>
            <AssetOptions />
          </select>
          <label htmlFor="deposit-label">Label</label>
          <input id="deposit-label" value={label} onChange={(event) => setLabel(event.target.value)} />
          <label htmlFor="deposit-reference">Reference id (empty: a new one is made)</label>
          <input id="deposit-reference" value={referenceId} onChange={(event) => setReferenceId(event.target.value)} />
          <label htmlFor="deposit-callback">Callback URL</label>
          <input
            id="deposit-callback"
            type="url"
            value={callbackUrl}
            onChange={(event) => setCallbackUrl(event.target.value)}
            size={40}
          />
          <fieldset className="deposit-amount-unit">
            <legend>Expected amount is in</legend>
            <label>
              <input
                type="radio"
                name="deposit-amount-unit"
                value="crypto"
                checked={unit === 'crypto'}
                onChange={() => setUnit('crypto')}
              />{' '}
              {`${code} (crypto amount)`}
            </label>
            <label>
              <input
                type="radio"
                name="deposit-amount-unit"
                value="fiat"
                checked={unit === 'fiat'}
                onChange={() => setUnit('fiat')}
              />{' '}
              A fiat currency
            </label>
          </fieldset>
          {unit === 'fiat' && (
            <>
              <label htmlFor="deposit-currency">Fiat currency of the expected amount</label>
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
          <label htmlFor="deposit-amount">{`Expected amount in ${unit === 'fiat' ? currency : code} (optional)`}</label>
          <DecimalInput
            id="deposit-amount"
            value={amount}
            unit={unit === 'fiat' ? currency : code}
            errorId={undefined}
            onChange={setAmount}
          />
          <p className="merchant-hint">
            {unit === 'fiat'
              ? `Sent as an amount of ${currency} with its currency code. The service's answer shows what it made of it.`
              : `Sent as an amount of ${code}, without a currency. The service's answer shows what it made of it.`}
          </p>
          <label htmlFor="deposit-redirect">Redirect URL (optional)</label>
          <input
            id="deposit-redirect"
            type="url"
            value={redirectUrl}
            onChange={(event) => setRedirectUrl(event.target.value)}
            size={40}
          />
          <label htmlFor="deposit-cancel">Cancel URL (optional)</label>
          <input
            id="deposit-cancel"
            type="url"
            value={cancelUrl}
            onChange={(event) => setCancelUrl(event.target.value)}
            size={40}
          />
          <div className="row merchant-actions">
            <button type="submit" className="primary" disabled={busy.has('depositCreate') || callbackUrl.trim() === ''}>
              Create deposit address
            </button>
          </div>
        </form>

        <h3 id="deposit-get-title">Find a deposit address</h3>
        <form
          aria-labelledby="deposit-get-title"
          onChange={() => clearError('deposits')}
          onSubmit={(event) => {
            event.preventDefault();
            void getDeposit({ memberId, code: getCode });
          }}
        >
          <label htmlFor="deposit-member">Member id (the reference id it was created with)</label>
          <input id="deposit-member" value={memberId} onChange={(event) => setMemberId(event.target.value)} />
          <label htmlFor="deposit-get-asset">Asset and network of the address</label>
          <select
            id="deposit-get-asset"
            value={getCode}
            onChange={(event) => setGetCode(event.target.value as AssetCode)}
          >
            <AssetOptions />
          </select>
          <div className="row merchant-actions">
            <button type="submit" className="secondary" disabled={busy.has('depositGet') || memberId.trim() === ''}>
              Get deposit address
            </button>
          </div>
        </form>
        <Feedback {...feedback} />
      </div>
      {deposit && <DepositAddressCard deposit={deposit} />}
    </div>
  );
}
