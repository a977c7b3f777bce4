import { feeRateNames } from '../../../../src-preload/contract/fee-rate-names';
import { UsdAmount } from '../../components/amount';
import { MoneyReview } from '../../components/money-review';
import { sameDecimal, shortAddress, startedAt, useAmountText } from '../../components/unsettled-words';
import { useAddressBookEntries } from '../../components/address-book-picker';
import { findEntry } from '../../stores/address-book-store';
import { useSendStore } from '../../stores/send-store';
import { useActiveAccount } from '../../stores/session-store';
import { displayLocale } from '../../format/display-locale';
import { formatExactAmount } from '../../format/exact-amount';
import { addDecimals } from '../../format/fiat-conversion';
import { selectPrivacyMode, useAppStore } from '../../stores/app-store';
import { EmphasisedAddress } from './emphasised-address';
import { unresolvedSendsTitle } from './unresolved-sends';
import { RichText, useText } from '../../i18n/use-text';

/** What main froze at confirmation, in full, and the two-factor code. */
export function SendReviewPanel(): React.JSX.Element | null {
  const review = useSendStore((state) => state.review);
  const submitting = useSendStore((state) => state.submitting);
  const error = useSendStore((state) => state.submitError);
  const execute = useSendStore((state) => state.execute);
  const back = useSendStore((state) => state.back);
  const refused = useSendStore((state) => state.refused);
  const unresolved = useSendStore((state) => state.unresolved);
  const amountText = useAmountText();
  const book = useAddressBookEntries();
  const account = useActiveAccount();
  const entry = useSendStore((state) => state.form.entry);
  const usdTyped = useSendStore((state) => state.form.usdAmount);
  const hidden = useAppStore(selectPrivacyMode);
  const t = useText();
  if (!review) return null;
  // Every digit of what leaves, whatever the asset's usual shown precision (CryptoAmount truncates).
  const exact = (value: string, code: string) =>
    hidden ? '•••••' : `${formatExactAmount(value, displayLocale)} ${code}`;
  const sameWallet = review.feeSymbol === review.code;
  const savedAs = findEntry(book, review.code, review.destination);
  // The same amount of the same asset to the same address as a send whose outcome is unknown: most likely
  // the same payment entered again, which would pay twice if the first went through.
  const twin = unresolved.find(
    (entry) =>
      entry.review.intentId !== review.intentId &&
      entry.review.code === review.code &&
      sameDecimal(entry.review.amount, review.amount) &&
      entry.review.destination.toLowerCase() === review.destination.toLowerCase(),
  );

  return (
    <MoneyReview
      prefix="send"
      title={t('send.review.title')}
      intentId={review.intentId}
      submitLabel={t('send.review.submit')}
      submittingLabel={t('send.review.submitting')}
      submitting={submitting}
      error={error}
      execute={execute}
      back={back}
      refused={refused}
      retryLabel={t('send.review.retry')}
      referenceId={review.referenceId}
      kind="send"
      unresolvedTitle={unresolvedSendsTitle()}
      notice={
        twin && (
          <p role="alert" className="warning money-duplicate">
            <RichText
              id="send.review.twin"
              values={{
                when: startedAt(twin.status.confirmedAt),
                amount: amountText(review.amount, review.code),
                address: shortAddress(review.destination),
                panel: unresolvedSendsTitle(),
                b: (chunks: React.ReactNode[]) => <strong>{chunks}</strong>,
              }}
            />
          </p>
        )
      }
    >
      {review.poisoningWarning && (
        <p className="warning send-poisoning" role="alert">
          {review.poisoningWarning.message}
        </p>
      )}
      <p className="send-review-lead">{t('send.review.lead', { network: review.network })}</p>
      {!review.addressChecked && (
        <p className="warning send-unchecked">{t('send.review.unchecked', { network: review.network })}</p>
      )}
      <EmphasisedAddress address={review.destination} caption={t('send.review.destination')} />
      <dl className="facts">
        {savedAs && (
          <>
            <dt>{t('send.review.book')}</dt>
            <dd>{savedAs.name}</dd>
          </>
        )}
        <dt>{t('send.review.account')}</dt>
        <dd>
          {account
            ? t('send.review.accountName', { name: account.name, guid: account.guid })
            : t('send.review.account.none')}
        </dd>
        <dt>{t('send.review.amount')}</dt>
        <dd>
          <RichText
            id={entry === 'usd' && usdTyped !== '' ? 'send.review.enteredAs' : 'send.review.amountValue'}
            values={{
              amount: <span className="amount">{exact(review.amount, review.code)}</span>,
              usd: <UsdAmount value={review.amountUsd} />,
              typed: <UsdAmount value={usdTyped} />,
            }}
          />
        </dd>
        <dt>{t('send.review.fee', { label: t(feeRateNames[review.feeRate]) })}</dt>
        <dd>
          <RichText
            id="send.review.amountValue"
            values={{
              amount: <span className="amount">{exact(review.fee, review.feeSymbol)}</span>,
              usd: <UsdAmount value={review.feeUsd} />,
            }}
          />
        </dd>
        <dt>{t('send.review.total')}</dt>
        <dd>
          <RichText
            id="send.review.amountValue"
            values={{
              amount: (
                <span className="amount">
                  {sameWallet
                    ? exact(addDecimals(review.amount, review.fee), review.code)
                    : t('send.review.sum', {
                        amount: exact(review.amount, review.code),
                        fee: exact(review.fee, review.feeSymbol),
                      })}
                </span>
              ),
              usd: <UsdAmount value={review.totalUsd} />,
            }}
          />
        </dd>
        <dt>{t('send.review.arrives')}</dt>
        <dd>{review.arrivalEstimation}</dd>
        {review.description && (
          <>
            <dt>{t('send.review.description')}</dt>
            <dd>{review.description}</dd>
          </>
        )}
        <dt>{t('send.review.reference')}</dt>
        <dd className="mono">{review.referenceId}</dd>
      </dl>
    </MoneyReview>
  );
}
