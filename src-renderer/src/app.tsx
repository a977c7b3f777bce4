import { useEffect, useState } from 'react';
import type { AppInfo } from '../../src-preload/contract/app';
import { wallet } from './bridge';

export function App(): React.JSX.Element {
  const [info, setInfo] = useState<AppInfo | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    void wallet.app.info().then((result) => {
      if (result.ok) setInfo(result.value);
      else setProblem(result.error.message);
    });
  }, []);
  return (
    <main>
      <h1>Wallet Desk</h1>
      {problem && <p role="alert">{problem}</p>}
      {info && (
        <p>
          Version {info.version} · <span aria-label="Environment">{info.environmentLabel}</span>
        </p>
      )}
    </main>
  );
}
