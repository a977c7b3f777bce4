import { useEffect, useId, useState } from 'react';
import { inputIssueIds, inputIssueOf, type InputIssue } from '../../../../src-preload/input-issues';
import { CreateDepositAddressInput, fiatCurrencies, type FiatCurrency } from '../../../../src-preload/contract/receive';
import { DecimalInput } from '../../components/decimal-input';
import { ErrorMessage } from '../../components/error-message';
import { useText } from '../../i18n/use-text';
import { useReceiveStore } from '../../stores/receive-store';
import { describeChoice, receiveChoices } from './asset-choices';

type Field = 'symbol' | 'label' | 'referenceId' | 'callbackUrl' | 'amount' | 'currency';
const fields: readonly Field[] = ['symbol', 'label', 'referenceId', 'callbackUrl', 'amount', 'currency'];

function isField(name: unknown): name is Field {
  return typeof name === 'string' && (fields as readonly string[]).includes(name);
}

/**
 * POST /deposit/address/create. The form checks what it can with the bridge contract's own schema; main
 * then checks the callback URL and that the reference id is new in this session, before any call.
 */
export function DepositAddressForm({ onCreated }: { onCreated: () => void }): React.JSX.Element {
  const creating = useReceiveStore((state) => state.creating);
  const createError = useReceiveStore((state) => state.createError);
  const create = useReceiveStore((state) => state.create);
  const newReferenceId = useReceiveStore((state) => state.newReferenceId);
  const clearCreateError = useReceiveStore((state) => state.clearCreateError);

  const listed = useReceiveStore((state) => state.listed);
  const choices = receiveChoices(listed);
  const [symbol, setSymbol] = useState<string>('BTC');
  const [label, setLabel] = useState('');
  const [referenceId, setReferenceId] = useState('');
  const [callbackUrl, setCallbackUrl] = useState('');
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState<FiatCurrency | ''>('');
  // Ids and values, put in words when drawn: a language switch reaches an error already shown.
  const [localErrors, setLocalErrors] = useState<Partial<Record<Field, InputIssue | undefined>>>({});
  const id = useId();
  const t = useText();

  async function generateReferenceId(): Promise<void> {
    const next = await newReferenceId();
    if (!next) return;
    setReferenceId(next);
    setLocalErrors((errors) => ({ ...errors, referenceId: undefined }));
    clearCreateError('referenceId');
  }

  useEffect(() => {
    let current = true;
    void newReferenceId().then((next) => {
      if (current && next) setReferenceId(next);
    });
    return () => {
      current = false;
    };
  }, [newReferenceId]);

  const focusField = (field: Field): void => document.getElementById(`${id}-${field}`)?.focus();

  const serverField = createError?.field !== undefined && isField(createError.field) ? createError.field : null;
  const errorOf = (field: Field): string | undefined => {
    const local = localErrors[field];
    if (local) return t(local.id, local.values);
    return serverField === field ? createError?.message : undefined;
  };

  async function submit(event: React.FormEvent): Promise<void> {
    event.preventDefault();
    const input = {
      symbol,
      label,
      referenceId,
      callbackUrl,
      ...(amount.trim() === '' ? {} : { amount }),
      ...(currency === '' ? {} : { currency }),
    };
    const parsed = CreateDepositAddressInput.safeParse(input, { error: inputIssueIds });
    if (!parsed.success) {
      const found: Partial<Record<Field, InputIssue>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isField(field) && !found[field]) found[field] = inputIssueOf(issue);
      }
      setLocalErrors(found);
      const first = fields.find((field) => found[field]);
      if (first) focusField(first);
      return;
    }
    setLocalErrors({});
    if (await create(input)) {
      setAmount('');
      void generateReferenceId();
      onCreated();
    } else {
      const field = useReceiveStore.getState().createError?.field;
      if (isField(field)) focusField(field);
    }
  }

  const describedBy = (field: Field): string | undefined => (errorOf(field) ? `${id}-${field}-error` : undefined);
  const fieldError = (field: Field): React.JSX.Element | null => {
    const message = errorOf(field);
    return message ? (
      <span id={`${id}-${field}-error`} role="alert" className="error field-error">
        {message}
      </span>
    ) : null;
  };
  const bind = (field: Field) => ({
    id: `${id}-${field}`,
    'aria-invalid': errorOf(field) ? true : undefined,
    'aria-describedby': describedBy(field),
  });

  return (
    <form
      className="card deposit-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void submit(event)}
      // Changing a field takes back what was said about it: a stale error would blame the new input.
      onChange={(event) => {
        const field = (event.target as HTMLElement).id.slice(`${id}-`.length);
        if (!isField(field)) return;
        setLocalErrors((errors) => (errors[field] === undefined ? errors : { ...errors, [field]: undefined }));
        clearCreateError(field);
      }}
      noValidate
    >
      <h3 id={`${id}-title`}>{t('receive.newAddress.title')}</h3>
      <div className="deposit-grid">
        <div>
          <label htmlFor={`${id}-symbol`}>{t('receive.form.asset')}</label>
          <select {...bind('symbol')} value={symbol} onChange={(event) => setSymbol(event.target.value)}>
            {choices.map((choice) => (
              <option key={choice.code} value={choice.code}>
                {t('receive.form.assetOption', { choice: describeChoice(choice), code: choice.code })}
              </option>
            ))}
          </select>
          {fieldError('symbol')}
        </div>
        <div>
          <label htmlFor={`${id}-label`}>{t('receive.form.label')}</label>
          <input {...bind('label')} value={label} onChange={(event) => setLabel(event.target.value)} maxLength={100} />
          {fieldError('label')}
        </div>
        <div className="deposit-wide">
          <label htmlFor={`${id}-referenceId`}>{t('receive.form.reference')}</label>
          <div className="row">
            <input
              {...bind('referenceId')}
              className="mono"
              value={referenceId}
              onChange={(event) => setReferenceId(event.target.value)}
              maxLength={100}
              spellCheck={false}
            />
            <button type="button" className="secondary" onClick={() => void generateReferenceId()}>
              {t('receive.form.newReference')}
            </button>
          </div>
          {fieldError('referenceId')}
        </div>
        <div className="deposit-wide">
          <label htmlFor={`${id}-callbackUrl`}>{t('receive.form.callback')}</label>
          <input
            {...bind('callbackUrl')}
            type="text"
            inputMode="url"
            placeholder={t('receive.form.callbackExample')}
            value={callbackUrl}
            onChange={(event) => setCallbackUrl(event.target.value)}
            spellCheck={false}
          />
          {fieldError('callbackUrl')}
        </div>
        <div>
          <label htmlFor={`${id}-amount`}>{t('receive.form.amount', { symbol })}</label>
          <DecimalInput
            id={`${id}-amount`}
            value={amount}
            unit={symbol}
            errorId={describedBy('amount')}
            onChange={setAmount}
          />
          {fieldError('amount')}
        </div>
        <div>
          <label htmlFor={`${id}-currency`}>{t('receive.form.currency')}</label>
          <select
            {...bind('currency')}
            value={currency}
            onChange={(event) => setCurrency(event.target.value as FiatCurrency | '')}
          >
            <option value="">{t('receive.form.noCurrency')}</option>
            {fiatCurrencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
          {fieldError('currency')}
        </div>
      </div>
      {createError && !serverField && <ErrorMessage error={createError} />}
      <button type="submit" className="primary" disabled={creating}>
        {creating ? t('receive.form.creating') : t('receive.form.create')}
      </button>
    </form>
  );
}
