import { roleWords } from '../../i18n/service-words';
import { useText } from '../../i18n/use-text';
import { useActiveAccount } from '../../stores/session-store';

/**
 * Whether the active account's role may move money (spec 5.1: MerchantAdministrator and Agent), and the
 * explanation to show instead of a form that would only be refused.
 */
export function useMoneyRole(operation: 'send' | 'swap' | 'create deposit addresses'): {
  allowed: boolean;
  explanation: string | null;
} {
  const account = useActiveAccount();
  const t = useText();
  if (!account) return { allowed: false, explanation: t('send.role.noAccount') };
  if (account.canMoveMoney) return { allowed: true, explanation: null };
  return {
    allowed: false,
    explanation: t('send.role.refused', {
      role: roleWords(account.role),
      account: account.name,
      operation: operation === 'create deposit addresses' ? 'deposit' : operation,
    }),
  };
}

export function RoleNotice({ explanation }: { explanation: string }): React.JSX.Element {
  return (
    <p className="warning money-role-notice" role="note">
      {explanation}
    </p>
  );
}
