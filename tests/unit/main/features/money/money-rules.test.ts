import { describe, expect, it } from 'vitest';
import type { SessionAccount } from '../../../../../src-preload/contract/session';
import {
  activeRoleRefusalWords,
  canMoveMoney,
  requireMoneyMovingAccount,
  roleRefusalWords,
} from '../../../../../src-main/features/money/roles';
import { requireTwoFactorCode } from '../../../../../src-main/service/two-factor-code';

const account = (role: string): SessionAccount => ({
  guid: 'a-1',
  name: 'Acme',
  role,
  isPersonalAccount: false,
  canMoveMoney: canMoveMoney(role),
});

describe('role checks', () => {
  it('let only the money-moving roles of spec 5.1 move money', () => {
    expect(canMoveMoney('MerchantAdministrator')).toBe(true);
    expect(canMoveMoney('Agent')).toBe(true);
    for (const role of ['Viewer', 'Accountant', 'merchantadministrator', '']) expect(canMoveMoney(role)).toBe(false);
  });

  it('refuse other roles in one set of words, naming role and account', () => {
    expect(requireMoneyMovingAccount(account('Agent'), 'send')).toMatchObject({ role: 'Agent' });
    expect(() => requireMoneyMovingAccount(account('Viewer'), 'send')).toThrow(
      expect.objectContaining({
        code: 'forbidden',
        message: 'Your role (Viewer) in Acme cannot send. Ask an administrator of the account.',
      }),
    );
    expect(roleRefusalWords(undefined, 'swap')).toBe(
      'Your role in this account cannot swap. Ask an administrator of the account.',
    );
  });

  it('word a 403 for the account active when it comes back, or for none once the session has ended', () => {
    expect(activeRoleRefusalWords({ activeAccount: () => account('Viewer') }, 'swap')).toBe(
      'Your role (Viewer) in Acme cannot swap. Ask an administrator of the account.',
    );
    const signedOut = {
      activeAccount: (): SessionAccount => {
        throw new Error('not signed in');
      },
    };
    expect(activeRoleRefusalWords(signedOut, 'send')).toMatch(/^Your role in this account cannot send\./);
  });
});

describe('the six-digit two-factor code rule', () => {
  it('passes exactly six ASCII digits through', () => {
    expect(requireTwoFactorCode('012345', 'tfa')).toBe('012345');
  });

  it.each(['12345', '1234567', '12345a', ' 123456', '123456 ', '１２３４５６', '', '12 456'])(
    'refuses %j at the given field, without echoing the code',
    (code) => {
      let thrown: unknown;
      try {
        requireTwoFactorCode(code, 'tfaCode');
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toMatchObject({ code: 'invalid_code', field: 'tfaCode' });
      if (code.trim()) expect((thrown as Error).message).not.toContain(code.trim());
    },
  );
});
