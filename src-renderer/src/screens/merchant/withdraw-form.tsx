import { useRef, useState } from 'react';
import type { AssetCode } from '../../../../src-preload/contract/asset-table';
import { AddressBookPicker, useAddressBookEntries } from '../../components/address-book-picker';
import { DecimalInput } from '../../components/decimal-input';
import { RichText, useText } from '../../i18n/use-text';
import { sameDestination } from '../../stores/address-book-store';
import { useMerchantKeysStore } from '../../stores/merchant-keys-store';
import { useMerchantVerificationStore } from '../../stores/merchant-verification-store';
import { useWithdrawStore } from '../../stores/withdraw-store';
import { AssetOptions, Feedback, assetLabel } from './merchant-options';
import { UnsettledAcknowledgement } from './unresolved-withdrawals';
import { WithdrawFeedbackLine } from './withdraw-facts';

/**
 * A new withdrawal: the member reference and a verified address (or, when the merchant allows it, any
 * address), the amount and the merchant's e-mail. "Review withdrawal" has main freeze it; beside unsettled
 * withdrawals it needs the box that names them ticked first (security.md 27).
 */
export function WithdrawForm(): React.JSX.Element {
  const t = useText();
  const overview = useMerchantKeysStore((state) => state.overview);
  const settingFeedback = useMerchantKeysStore((state) => state.feedback.allowUnverified);
  const { setAllowUnverified } = useMerchantKeysStore.getState();
  const verified = useMerchantVerificationStore((state) => state.verified);
  const loadingVerified = useMerchantVerificationStore((state) => state.busy.has('verified'));
  const { loadVerified } = useMerchantVerificationStore.getState();
  const feedback = useWithdrawStore((state) => state.feedback);
  const confirming = useWithdrawStore((state) => state.confirming);
  const unresolved = useWithdrawStore((state) => state.unresolved);
  const acknowledgedIds = useWithdrawStore((state) => state.acknowledged);
  const { confirm, acknowledgeAll, acknowledgedIds: toSend } = useWithdrawStore.getState();
  const allowUnverified = overview?.allowUnverified ?? false;
  // Kept in the store, as send keeps its form: Cancel on the review comes back to what was typed.
  const form = useWithdrawStore((state) => state.form);
  const { edit } = useWithdrawStore.getState();
  const referenceId = form.referenceId ?? verified?.referenceId ?? overview?.lastReferenceId ?? '';
  const { choice, code, address, amount, label, email, merchantTransactionId } = form;
  // The store holds the acknowledgement and drops it with its warning (security.md 27): it counts only when it
  // covers every withdrawal shown now.
  const acknowledged =
    unresolved.length > 0 && unresolved.every((entry) => acknowledgedIds.includes(entry.review.intentId));
  const acknowledgeBox = useRef<HTMLInputElement | null>(null);
  // "Review withdrawal" was pressed with the box unticked: say so beside the button (focus went to the box).
  const [askedToTick, setAskedToTick] = useState(false);
  const mustTick = unresolved.length > 0 && !acknowledged;
  const book = useAddressBookEntries();

  const options = verified?.referenceId === referenceId ? verified.addresses : [];
  const chosen = options.find((entry) => `${entry.code}:${entry.address}` === choice);
  // Only saved addresses the service lists as verified for the same asset and network may be offered here.
  const verifiedFor = (entry: { code: string; address: string }) =>
    options.find((option) => option.code === entry.code && sameDestination(option.address, entry.address));
  const savedVerified = (book ?? []).filter((entry) => verifiedFor(entry) !== undefined);

  return (
    <>
      <form
        aria-label={t('withdraw.form.label')}
        onSubmit={(event) => {
          event.preventDefault();
          if (mustTick) {
            setAskedToTick(true);
            acknowledgeBox.current?.focus();
            return;
          }
          const target = chosen ? { code: chosen.code as AssetCode, address: chosen.address } : { code, address };
          void confirm({
            referenceId,
            ...(merchantTransactionId.trim() === '' ? {} : { merchantTransactionId }),
            ...target,
            amount,
            label,
            email,
            ...(acknowledged ? { acknowledgedIntentIds: toSend() } : {}),
          });
        }}
      >
        <label htmlFor="withdraw-reference">{t('withdraw.form.reference')}</label>
        <p id="withdraw-reference-hint" className="merchant-hint">
          {t('withdraw.form.reference.hint')}
        </p>
        <div className="row">
          <input
            id="withdraw-reference"
            aria-describedby="withdraw-reference-hint"
            value={referenceId}
            onChange={(event) => edit({ referenceId: event.target.value })}
            autoComplete="off"
          />
          <button
            type="button"
            className="secondary"
            disabled={referenceId.trim() === '' || loadingVerified}
            onClick={() => void loadVerified(referenceId)}
          >
            {t('withdraw.form.loadVerified')}
          </button>
        </div>
        <AddressBookPicker
          entries={savedVerified}
          address={chosen?.address ?? ''}
          label={t('withdraw.form.addressBook')}
          emptyText={t('withdraw.form.addressBook.empty')}
          onPick={(entry) => {
            const option = verifiedFor(entry);
            if (option) edit({ choice: `${option.code}:${option.address}` });
          }}
        />
        <label htmlFor="withdraw-verified">{t('withdraw.form.verified')}</label>
        <select
          id="withdraw-verified"
          value={choice}
          onChange={(event) => edit({ choice: event.target.value })}
          aria-describedby={chosen ? 'withdraw-verified-chosen' : undefined}
        >
          <option value="">
            {options.length === 0 ? t('withdraw.form.verified.none') : t('withdraw.form.verified.choose')}
          </option>
          {options.map((entry) => (
            <option key={`${entry.code}:${entry.address}`} value={`${entry.code}:${entry.address}`}>
              {t('withdraw.form.verified.option', {
                label: entry.label || t('withdraw.form.unlabelled'),
                code: entry.code,
                address: entry.address,
              })}
            </option>
          ))}
        </select>
        {/* A closed list cannot wrap: the chosen address in full, where it can. */}
        {chosen && (
          <p id="withdraw-verified-chosen" className="withdraw-chosen">
            <RichText
              id="withdraw.form.chosen"
              values={{
                label: chosen.label || t('withdraw.form.unlabelled'),
                asset: assetLabel(chosen.code),
                address: chosen.address,
                mono: (chunks: React.ReactNode[]) => <span className="mono">{chunks}</span>,
              }}
            />
          </p>
        )}

        {allowUnverified && !chosen && (
          <>
            <label htmlFor="withdraw-asset">{t('withdraw.form.asset')}</label>
            <select
              id="withdraw-asset"
              value={code}
              onChange={(event) => edit({ code: event.target.value as AssetCode })}
            >
              <AssetOptions />
            </select>
            <label htmlFor="withdraw-address">{t('withdraw.form.address')}</label>
            <input
              id="withdraw-address"
              value={address}
              onChange={(event) => edit({ address: event.target.value })}
              size={50}
              autoComplete="off"
              spellCheck={false}
            />
          </>
        )}
        <label htmlFor="withdraw-amount">{t('withdraw.form.amount', { unit: chosen?.code ?? 'none' })}</label>
        <DecimalInput
          id="withdraw-amount"
          value={amount}
          unit={chosen?.code ?? (allowUnverified ? code : undefined)}
          errorId={undefined}
          onChange={(value) => edit({ amount: value })}
        />
        <label htmlFor="withdraw-label">{t('withdraw.form.labelField')}</label>
        <input
          id="withdraw-label"
          value={label}
          onChange={(event) => edit({ label: event.target.value })}
          autoComplete="off"
        />
        <label htmlFor="withdraw-mti">{t('withdraw.form.merchantTransactionId')}</label>
        <input
          id="withdraw-mti"
          aria-describedby="withdraw-mti-hint"
          value={merchantTransactionId}
          onChange={(event) => edit({ merchantTransactionId: event.target.value })}
          autoComplete="off"
          spellCheck={false}
        />
        <p id="withdraw-mti-hint" className="merchant-hint">
          {t('withdraw.form.merchantTransactionId.hint')}
        </p>
        <label htmlFor="withdraw-email">{t('withdraw.form.email')}</label>
        <input
          id="withdraw-email"
          type="email"
          value={email}
          onChange={(event) => edit({ email: event.target.value })}
          autoComplete="email"
        />
        {unresolved.length > 0 && (
          <UnsettledAcknowledgement
            warningId="withdraw-unresolved-warning"
            unsettled={unresolved}
            action="new"
            checked={acknowledged}
            onChange={acknowledgeAll}
            boxRef={acknowledgeBox}
          />
        )}
        <div className="row merchant-actions">
          <button
            type="submit"
            className="primary"
            disabled={confirming || amount === '' || email === '' || (!chosen && !allowUnverified)}
            aria-describedby={askedToTick && mustTick ? 'withdraw-new-tick' : undefined}
          >
            {t('withdraw.form.review')}
          </button>
          {askedToTick && mustTick && (
            <p id="withdraw-new-tick" role="alert">
              {t('withdraw.form.tickFirst', { count: unresolved.length })}
            </p>
          )}
        </div>
      </form>
      <WithdrawFeedbackLine feedback={feedback} />
      <Feedback {...settingFeedback} />

      <fieldset className="merchant-danger">
        <legend>{t('withdraw.form.unverified')}</legend>
        <label>
          <input
            type="checkbox"
            checked={allowUnverified}
            onChange={(event) => void setAllowUnverified(event.target.checked)}
          />
          {t('withdraw.form.allowUnverified')}
        </label>
        <p className="warning">{t('withdraw.form.unverified.warning')}</p>
      </fieldset>
    </>
  );
}
