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
  if (!account) return { allowed: false, explanation: 'No account is selected.' };
  if (account.canMoveMoney) return { allowed: true, explanation: null };
  return {
    allowed: false,
    explanation: `Your role (${account.role}) in ${account.name} cannot ${operation}. Ask an administrator of the account, or switch to an account where you can.`,
  };
}

export function RoleNotice({ explanation }: { explanation: string }): React.JSX.Element {
  return (
    <p className="warning money-role-notice" role="note">
      {explanation}
    </p>
  );
}
