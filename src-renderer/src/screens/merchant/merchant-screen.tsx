import { useEffect, useRef } from 'react';
import { environmentNames } from '../../../../src-preload/contract/environment-names';
import type { MessageId } from '../../i18n/text';
import { roleWords } from '../../i18n/service-words';
import { useText } from '../../i18n/use-text';
import { useMerchantKeysStore, type MerchantSection } from '../../stores/merchant-keys-store';
import { useSessionStore } from '../../stores/session-store';
import { BalancesPanel } from './balances-panel';
import { CallbackPanel } from './callback-panel';
import { DepositPanel } from './deposit-panel';
import { KeysPanel } from './keys-panel';
import { VerifiedPanel } from './verified-panel';
import { WithdrawPanel } from './withdraw-panel';

const sections: ReadonlyArray<{ id: MerchantSection; title: MessageId }> = [
  { id: 'keys', title: 'merchant.tab.keys' },
  { id: 'balances', title: 'merchant.tab.balances' },
  { id: 'verified', title: 'merchant.tab.verified' },
  { id: 'withdraw', title: 'merchant.tab.withdraw' },
  { id: 'deposits', title: 'merchant.tab.deposits' },
  { id: 'callback', title: 'merchant.tab.callback' },
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

/**
 * Merchant treasury (Interface B): keys, balances, verified addresses, withdrawals, deposits, callbacks.
 * A role that may not move money sees balances only, and is told so rather than shown forms main would
 * refuse (security.md 30).
 */
export function MerchantScreen(): React.JSX.Element {
  const t = useText();
  const chosen = useMerchantKeysStore((state) => state.section);
  const overview = useMerchantKeysStore((state) => state.overview);
  const account = useSessionStore((state) =>
    state.view?.accounts.find((candidate) => candidate.guid === state.view?.activeAccountGuid),
  );
  const balancesOnly = account !== undefined && !account.canMoveMoney;
  const shown = balancesOnly ? sections.filter((entry) => entry.id === 'balances') : sections;
  const section = shown.some((entry) => entry.id === chosen) ? chosen : 'balances';
  const show = useMerchantKeysStore((state) => state.show);
  const load = useMerchantKeysStore((state) => state.load);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);

  useEffect(() => {
    void load();
  }, [load]);

  const environment = overview?.environments.find((entry) => entry.id === overview.environment);
  const ready = environment?.secretKey === 'set' && environment.problem === null;

  return (
    <section aria-labelledby="merchant-title" className="screen merchant">
      <h2 id="merchant-title">{t('merchant.title')}</h2>
      {environment && (
        <p className="merchant-hint">
          {environment.apiUrl
            ? t('merchant.environment.withUrl', { label: t(environmentNames[environment.id]), url: environment.apiUrl })
            : t('merchant.environment', { label: t(environmentNames[environment.id]) })}
        </p>
      )}
      {balancesOnly && (
        <p role="note" className="warning">
          {t('merchant.balancesOnly', { role: roleWords(account.role), account: account.name })}
        </p>
      )}
      {overview && !ready && !balancesOnly && section !== 'keys' && section !== 'callback' && (
        <p role="note" className="warning">
          {t('merchant.keysFirst')}
        </p>
      )}
      <div role="tablist" aria-label={t('merchant.tabs')} className="merchant-tabs">
        {shown.map((entry, index) => (
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
              const next = shown[(index + step + shown.length) % shown.length];
              if (!next) return;
              show(next.id);
              tabs.current[(index + step + shown.length) % shown.length]?.focus();
            }}
          >
            {t(entry.title)}
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
