import { useEffect, useRef } from 'react';
import { useMerchantStore, type MerchantSection } from '../../stores/merchant-store';
import { BalancesPanel } from './balances-panel';
import { CallbackPanel } from './callback-panel';
import { DepositPanel } from './deposit-panel';
import { KeysPanel } from './keys-panel';
import { VerifiedPanel } from './verified-panel';
import { WithdrawPanel } from './withdraw-panel';

const sections: ReadonlyArray<{ id: MerchantSection; title: string }> = [
  { id: 'keys', title: 'API keys' },
  { id: 'balances', title: 'Balances' },
  { id: 'verified', title: 'Verified addresses' },
  { id: 'withdraw', title: 'Withdraw' },
  { id: 'deposits', title: 'Deposit addresses' },
  { id: 'callback', title: 'Callback checker' },
];

function Panel({ section }: { section: MerchantSection }): React.JSX.Element {
  switch (section) {
    case 'keys':
      return <KeysPanel />;
    case 'balances':
      return <BalancesPanel />;
    case 'verified':
      return <VerifiedPanel />;
    case 'withdraw':
      return <WithdrawPanel />;
    case 'deposits':
      return <DepositPanel />;
    case 'callback':
      return <CallbackPanel />;
  }
}

/** Merchant treasury (Interface B): keys, balances, verified addresses, withdrawals, deposits, callbacks. */
export function MerchantScreen(): React.JSX.Element {
  const section = useMerchantStore((state) => state.section);
  const overview = useMerchantStore((state) => state.overview);
  const show = useMerchantStore((state) => state.show);
  const load = useMerchantStore((state) => state.load);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);

  useEffect(() => {
    void load();
  }, [load]);

  const environment = overview?.environments.find((entry) => entry.id === overview.environment);
  const ready = environment?.secretKey === 'set' && environment.problem === null;

  return (
    <section aria-labelledby="merchant-title" className="screen merchant">
      <h2 id="merchant-title">Merchant</h2>
      {environment && (
        <p className="merchant-hint">{`Environment: ${environment.label}${environment.apiUrl ? ` — ${environment.apiUrl}` : ''}`}</p>
      )}
      {overview && !ready && section !== 'keys' && section !== 'callback' && (
        <p role="note" className="warning">
          Add the merchant API keys for this environment under API keys first.
        </p>
      )}
      <div role="tablist" aria-label="Merchant sections" className="merchant-tabs">
        {sections.map((entry, index) => (
          <button
            key={entry.id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`merchant-tab-${entry.id}`}
            aria-selected={section === entry.id}
            aria-controls={`merchant-panel-${entry.id}`}
            tabIndex={section === entry.id ? 0 : -1}
            onClick={() => show(entry.id)}
            onKeyDown={(event) => {
              const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
              if (step === 0) return;
              const next = sections[(index + step + sections.length) % sections.length];
              if (!next) return;
              show(next.id);
              tabs.current[(index + step + sections.length) % sections.length]?.focus();
            }}
          >
            {entry.title}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`merchant-panel-${section}`}
        aria-labelledby={`merchant-tab-${section}`}
        className="merchant-panel"
      >
        <Panel section={section} />
      </div>
    </section>
  );
}
