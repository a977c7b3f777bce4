import { useState } from 'react';
import type { CallbackCheckResult } from '../../../../src-preload/contract/merchant';
import { useMerchantVerificationStore } from '../../stores/merchant-verification-store';
import { Feedback } from './merchant-options';

const shapeNames = {
  spec: 'the service’s shape (spec)',
  sdk: 'the SDK’s shape',
  mixed: 'a mix of both shapes',
  unknown: 'not a callback shape',
} as const;

/**
 * Green only where the signature vouches for the whole body: a spec-shaped Signature that matches covers the
 * Hash alone, so its verdict is not drawn as an all-clear (security.md 41).
 */
function verdictClass(result: CallbackCheckResult): string {
  if (!result.valid) return 'error';
  return result.fields.every((field) => field.covered !== false) ? 'merchant-good' : 'merchant-caveat';
}

function coveredWords(covered: boolean | null): string {
  if (covered === null) return 'This is the signature.';
  return covered ? 'Yes' : 'No';
}

/**
 * For merchants debugging their endpoint: is this callback really from the service, and what does its
 * signature vouch for? Both shapes are checked in main with the stored secret key of the selected
 * environment; the verdict says what the signature proves, what it does not, and how the fields compare
 * with what the service shows.
 */
export function CallbackPanel(): React.JSX.Element {
  const result = useMerchantVerificationStore((state) => state.callback);
  const feedback = useMerchantVerificationStore((state) => state.feedback.callback);
  const checking = useMerchantVerificationStore((state) => state.busy.has('callback'));
  const checkCallback = useMerchantVerificationStore((state) => state.checkCallback);
  const [body, setBody] = useState('');
  const [header, setHeader] = useState('');

  return (
    <div>
      <form
        aria-label="Check a deposit callback"
        onSubmit={(event) => {
          event.preventDefault();
          void checkCallback(body, header);
        }}
      >
        <label htmlFor="callback-body">Callback body (JSON, as your endpoint received it)</label>
        <textarea
          id="callback-body"
          rows={10}
          cols={70}
          className="mono"
          value={body}
          onChange={(event) => setBody(event.target.value)}
          spellCheck={false}
        />
        <label htmlFor="callback-header">X-Paybin-Signature header (only for the SDK’s callback shape)</label>
        <input
          id="callback-header"
          className="mono"
          value={header}
          onChange={(event) => setHeader(event.target.value)}
          size={70}
          autoComplete="off"
          spellCheck={false}
        />
        <p className="merchant-hint">
          Checked in the app with the stored secret key of the selected environment. The service’s shape is signed in
          its Signature field (upper-case MD5 of the secret key followed by Hash); the SDK’s shape in the
          X-Paybin-Signature header (HMAC-SHA256 of the exact body).
        </p>
        <button type="submit" className="primary" disabled={checking || body.trim() === ''}>
          Check signature
        </button>
      </form>
      <Feedback {...feedback} />
      {result && (
        <section aria-labelledby="callback-result-title" className="card">
          <h3 id="callback-result-title" className={verdictClass(result)}>
            {result.headline}
          </h3>
          <p>{`Shape: ${shapeNames[result.shape]}`}</p>
          <p role={result.valid ? 'status' : 'alert'} className={verdictClass(result)}>
            {result.summary}
          </p>
          {result.proves && (
            <dl aria-label="What the signature proves">
              <dt>Proves</dt>
              <dd>{result.proves}</dd>
              <dt>Does not prove</dt>
              <dd>{result.doesNotProve}</dd>
            </dl>
          )}
          {result.problems.length > 0 && (
            <ul aria-label="Problems">
              {result.problems.map((problem) => (
                <li key={`${problem.field}:${problem.message}`}>{`${problem.field}: ${problem.message}`}</li>
              ))}
            </ul>
          )}
          {result.comparison && (
            <section aria-labelledby="callback-compare-title">
              <h4 id="callback-compare-title">Compared with the service</h4>
              <p role="status">{result.comparison.summary}</p>
              {result.comparison.rows.length > 0 && (
                <table aria-label="Callback compared with the service">
                  <thead>
                    <tr>
                      <th scope="col">Field</th>
                      <th scope="col">In the callback</th>
                      <th scope="col">At the service</th>
                      <th scope="col">Same</th>
                    </tr>
                  </thead>
                  <tbody>
                    {result.comparison.rows.map((row) => (
                      <tr key={row.field}>
                        <th scope="row">{row.field}</th>
                        <td className="mono">{row.callback}</td>
                        <td className="mono">{row.service}</td>
                        <td>{row.same ? 'Yes' : 'No'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
          )}
          {result.fields.length > 0 && (
            <table aria-label="Callback fields">
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Value</th>
                  <th scope="col">Covered by the signature</th>
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
