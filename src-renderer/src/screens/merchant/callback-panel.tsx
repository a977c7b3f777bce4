import { useState } from 'react';
import type { CallbackCheckResult } from '../../../../src-preload/contract/merchant';
import { type MessageId, t } from '../../i18n/text';
import { useText } from '../../i18n/use-text';
import { useMerchantVerificationStore } from '../../stores/merchant-verification-store';
import { Feedback } from './merchant-options';

const shapeNames: Readonly<Record<CallbackCheckResult['shape'], MessageId>> = {
  spec: 'merchant.callback.shape.spec',
  sdk: 'merchant.callback.shape.sdk',
  mixed: 'merchant.callback.shape.mixed',
  unknown: 'merchant.callback.shape.unknown',
};

/**
 * Green only where the signature vouches for the whole body: a spec-shaped Signature that matches covers the
 * Hash alone, so its verdict is not drawn as an all-clear (security.md 41).
 */
function verdictClass(result: CallbackCheckResult): string {
  if (!result.valid) return 'error';
  return result.fields.every((field) => field.covered !== false) ? 'merchant-good' : 'merchant-caveat';
}

function coveredWords(covered: boolean | null): string {
  if (covered === null) return t('merchant.callback.isSignature');
  return covered ? t('merchant.callback.yes') : t('merchant.callback.no');
}

/**
 * For merchants debugging their endpoint: is this callback really from the service, and what does its
 * signature vouch for? Both shapes are checked in main with the stored secret key of the selected
 * environment; the verdict says what the signature proves, what it does not, and how the fields compare
 * with what the service shows.
 */
export function CallbackPanel(): React.JSX.Element {
  const t = useText();
  const result = useMerchantVerificationStore((state) => state.callback);
  const feedback = useMerchantVerificationStore((state) => state.feedback.callback);
  const checking = useMerchantVerificationStore((state) => state.busy.has('callback'));
  const checkCallback = useMerchantVerificationStore((state) => state.checkCallback);
  const [body, setBody] = useState('');
  const [header, setHeader] = useState('');

  return (
    <div>
      <form
        aria-label={t('merchant.callback.form')}
        onSubmit={(event) => {
          event.preventDefault();
          void checkCallback(body, header);
        }}
      >
        <label htmlFor="callback-body">{t('merchant.callback.body')}</label>
        <textarea
          id="callback-body"
          rows={10}
          cols={70}
          className="mono"
          value={body}
          onChange={(event) => setBody(event.target.value)}
          spellCheck={false}
        />
        <label htmlFor="callback-header">{t('merchant.callback.header')}</label>
        <input
          id="callback-header"
          className="mono"
          value={header}
          onChange={(event) => setHeader(event.target.value)}
          size={70}
          autoComplete="off"
          spellCheck={false}
        />
        <p className="merchant-hint">{t('merchant.callback.hint')}</p>
        <button type="submit" className="primary" disabled={checking || body.trim() === ''}>
          {t('merchant.callback.check')}
        </button>
      </form>
      <Feedback {...feedback} />
      {result && (
        <section aria-labelledby="callback-result-title" className="card">
          <h3 id="callback-result-title" className={verdictClass(result)}>
            {result.headline}
          </h3>
          <p>{t('merchant.callback.shape', { shape: t(shapeNames[result.shape]) })}</p>
          <p role={result.valid ? 'status' : 'alert'} className={verdictClass(result)}>
            {result.summary}
          </p>
          {result.proves && (
            <dl aria-label={t('merchant.callback.proves.label')}>
              <dt>{t('merchant.callback.proves')}</dt>
              <dd>{result.proves}</dd>
              <dt>{t('merchant.callback.doesNotProve')}</dt>
              <dd>{result.doesNotProve}</dd>
            </dl>
          )}
          {result.problems.length > 0 && (
            <ul aria-label={t('merchant.callback.problems')}>
              {result.problems.map((problem) => (
                <li key={`${problem.field}:${problem.message}`}>
                  {t('merchant.callback.problem', { field: problem.field, message: problem.message })}
                </li>
              ))}
            </ul>
          )}
          {result.comparison && (
            <section aria-labelledby="callback-compare-title">
              <h4 id="callback-compare-title">{t('merchant.callback.compared')}</h4>
              <p role="status">{result.comparison.summary}</p>
              {result.comparison.rows.length > 0 && (
                <table aria-label={t('merchant.callback.compared.table')}>
                  <thead>
                    <tr>
                      <th scope="col">{t('merchant.callback.field')}</th>
                      <th scope="col">{t('merchant.callback.inCallback')}</th>
                      <th scope="col">{t('merchant.callback.atService')}</th>
                      <th scope="col">{t('merchant.callback.same')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {result.comparison.rows.map((row) => (
                      <tr key={row.field}>
                        <th scope="row">{row.field}</th>
                        <td className="mono">{row.callback}</td>
                        <td className="mono">{row.service}</td>
                        <td>{row.same ? t('merchant.callback.yes') : t('merchant.callback.no')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
          )}
          {result.fields.length > 0 && (
            <table aria-label={t('merchant.callback.fields')}>
              <thead>
                <tr>
                  <th scope="col">{t('merchant.callback.field')}</th>
                  <th scope="col">{t('merchant.callback.value')}</th>
                  <th scope="col">{t('merchant.callback.covered')}</th>
                </tr>
              </thead>
              <tbody>
                {result.fields.map((field) => (
                  <tr key={field.name}>
                    <th scope="row">{field.name}</th>
                    <td className="mono">{field.value}</td>
                    <td>{coveredWords(field.covered)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </div>
  );
}
