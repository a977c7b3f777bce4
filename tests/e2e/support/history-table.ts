import type { Page } from '@playwright/test';
import { defaultHistoryFilters, type HistoryFilters } from '../../../src-preload/contract/history';
import { api, login } from '../../sandbox/helpers';
import { expect } from './fixtures';
import { reloadSignedInApp } from './reload-app';
import type { SignedInApp } from './signed-in-app';

export interface ServiceItem {
  referenceId: string;
  txId?: string | null;
  symbol: string;
  amount: number;
  value: number;
  status: string;
  type: string;
  date: string;
  address: string;
  to?: string | null;
  symbolName: string;
  withdrawType: number;
  prices: Record<'usd' | 'eur' | 'gbp' | 'try' | 'jpy', number>;
}

export interface ServicePage {
  totalRecords: number;
  totalPages: number;
  items: ServiceItem[];
}

export const historyTable = (page: Page) => page.getByRole('table', { name: 'Transactions' });
export const pageStatus = (page: Page) => page.getByRole('navigation', { name: 'Pages' }).getByRole('status');

/** A regular expression in an aria snapshot template: `/…/`, with the characters it gives meaning escaped. */
const snapshotPattern = (text: string) => `/${text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$/`;

/**
 * The table shows exactly these transactions, top to bottom, and no others: its body's rows, as assistive
 * tech reads them, are named with these reference ids in this order (a row's name carries its reference id in
 * full, whatever the window's width drops from its cells). One web-first assertion on the accessibility tree.
 */
export async function expectReferences(page: Page, references: readonly string[]): Promise<void> {
  await expect(historyTable(page)).toMatchAriaSnapshot(
    [
      '- rowgroup:',
      '  - /children: equal',
      ...references.map((id) => `  - row ${snapshotPattern(`, reference ${id}`)}`),
    ].join('\n'),
  );
}

/** The index of a column among those the table shows at this window width, found by its header's name. */
export async function columnIndex(page: Page, name: string): Promise<number> {
  const headers = (await historyTable(page).getByRole('columnheader').allTextContents()).map((text) => text.trim());
  const index = headers.findIndex((header) => header === name || header.startsWith(`${name} `));
  if (index < 0) throw new Error(`no column "${name}" among ${headers.join(', ')}`);
  return index;
}

/** What the service itself answers for alice's trading account, asked directly with a token of the test's own. */
export function historyService(session: SignedInApp) {
  const trading = session.user.accounts.find((account) => account.name === 'Alice Trading Ltd');
  if (!trading) throw new Error('alice has no trading account');
  let token: Promise<string> | undefined;
  async function query(body: Record<string, unknown>): Promise<ServicePage> {
    token ??= login(session.sandbox, 'alice').then((tokens) => tokens.access_token);
    const answer = await api<ServicePage>(session.sandbox, 'POST', '/transactions', {
      token: await token,
      account: trading!.guid,
      body,
    });
    if (answer.body.code !== 200) throw new Error(`service answered ${answer.body.code}`);
    return answer.body.data;
  }
  return {
    tradingGuid: trading.guid,
    query,
    /** Every record matching `query`, all pages. */
    async all(filters: Record<string, unknown>): Promise<ServiceItem[]> {
      const items: ServiceItem[] = [];
      for (let n = 1; ; n += 1) {
        const result = await query({ ...filters, page: n, recordsPerPage: 500 });
        items.push(...result.items);
        if (n >= result.totalPages) return items;
      }
    },
  };
}

/** Makes alice's trading account the active one (the one with 20,000 records) and opens History. */
export async function openTradingHistory(session: SignedInApp): Promise<void> {
  const { tradingGuid } = historyService(session);
  if (session.app.core.session.view().activeAccountGuid !== tradingGuid) {
    const account = session.page.getByRole('combobox', { name: 'Account' });
    await account.selectOption(tradingGuid);
    await expect(account).toHaveValue(tradingGuid);
  }
  await session.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'History' }).click();
}

/**
 * A story's own start on History, whatever an earlier story of the group left: alice's trading account
 * active, these filters remembered for it (the rest at their defaults), the window reloaded and History
 * opened on page 1 with its page in.
 */
export async function openHistoryWith(session: SignedInApp, filters: Partial<HistoryFilters> = {}): Promise<void> {
  const { page } = session;
  const { tradingGuid } = historyService(session);
  if (session.app.core.session.view().activeAccountGuid !== tradingGuid) {
    const account = page.getByRole('combobox', { name: 'Account' });
    await account.selectOption(tradingGuid);
    await expect(account).toHaveValue(tradingGuid);
  }
  const saved = await session.app.dispatch('history.saveFilters', { ...defaultHistoryFilters(), ...filters });
  if (!saved.ok) throw new Error(`the filters were not saved: ${saved.error.message}`);
  await reloadSignedInApp(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'History' }).click();
  await expect(historyTable(page)).toHaveAttribute('aria-busy', 'false');
  await expect(pageStatus(page)).toHaveText(/^Page 1 of /);
}
