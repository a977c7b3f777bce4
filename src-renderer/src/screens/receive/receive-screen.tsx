import { useEffect, useRef } from 'react';
import { useText } from '../../i18n/use-text';
import { useReceiveStore } from '../../stores/receive-store';
import { useSessionStore } from '../../stores/session-store';
import { RoleNotice, useMoneyRole } from '../send/role-notice';
import { CreatedAddress } from './created-address';
import { CreatedAddressList } from './created-address-list';
import { DepositAddressForm } from './deposit-address-form';
import { WalletAddressPanel } from './wallet-address-panel';

/** Receive: the wallet's own address per asset and network, and new deposit addresses bound to a reference. */
export function ReceiveScreen(): React.JSX.Element {
  const accountGuid = useSessionStore((state) => state.view?.activeAccountGuid ?? null);
  const created = useReceiveStore((state) => state.created);
  const loadCreated = useReceiveStore((state) => state.loadCreated);
  const loadListed = useReceiveStore((state) => state.loadListed);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const role = useMoneyRole('create deposit addresses');
  const t = useText();

  useEffect(() => {
    if (accountGuid) void Promise.all([loadCreated(), loadListed()]);
  }, [accountGuid, loadCreated, loadListed]);

  return (
    <section aria-labelledby="receive-title" className="screen receive">
      <h2 id="receive-title">{t('receive.title')}</h2>
      <WalletAddressPanel key={`wallet-${accountGuid ?? ''}`} />
      {role.allowed ? (
        <DepositAddressForm
          key={`form-${accountGuid ?? ''}`}
          onCreated={() => window.setTimeout(() => resultHeading.current?.focus(), 0)}
        />
      ) : (
        <section aria-labelledby="new-deposit-address-title" className="card">
          <h3 id="new-deposit-address-title">{t('receive.newAddress.title')}</h3>
          {role.explanation && <RoleNotice explanation={role.explanation} />}
        </section>
      )}
      {created && <CreatedAddress headingRef={resultHeading} created={created} />}
      <CreatedAddressList />
    </section>
  );
}
