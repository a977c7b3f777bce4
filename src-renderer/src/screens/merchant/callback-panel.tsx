import { useState } from 'react';
import { useMerchantStore } from '../../stores/merchant-store';
import { Feedback } from './merchant-options';

/** For merchants debugging their endpoint: is this callback body really from the service? */
export function CallbackPanel(): React.JSX.Element {
  const result = useMerchantStore((state) => state.callback);
  const feedback = useMerchantStore((state) => state.feedback.callback);
  const checking = useMerchantStore((state) => state.busy.has('callback'));
  const checkCallback = useMerchantStore((state) => state.checkCallback);
  const [body, setBody] = useState('');

  return (
    <div>
      <form
        aria-label="Check a deposit callback"
        onSubmit={(event) => {
          event.preventDefault();
          void checkCallback(body);
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
        <p className="merchant-hint">
          The signature is checked in the app against the stored secret key of the selected environment: Signature must
          be the upper-case MD5 of the secret key followed by Hash.
        </p>
        <button type="submit" className="primary" disabled={checking || body.trim() === ''}>
          Check signature
        </button>
      </form>
      <Feedback {...feedback} />
      {result && (
        <section aria-labelledby="callback-result-title" className="card">
          <h3 id="callback-result-title">{result.valid ? 'Signature valid' : 'Signature invalid'}</h3>
          <p role={result.valid ? 'status' : 'alert'} className={result.valid ? 'merchant-good' : 'error'}>
            {result.summary}
          </p>
          {result.problems.length > 0 && (
            <ul aria-label="Problems">
              {result.problems.map((problem) => (
                <li key={`${problem.field}:${problem.message}`}>{`${problem.field}: ${problem.message}`}</li>
              ))}
            </ul>
          )}
          {result.fields.length > 0 && (
            <table aria-label="Callback fields">
              <tbody>
                {result.fields.map((field) => (
                  <tr key={field.name}>
                    <th scope="row">{field.name}</th>
                    <td className="mono">{field.value}</td>
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
