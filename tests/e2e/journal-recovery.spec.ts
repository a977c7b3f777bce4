import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JOURNAL_FILE, serialiseJournal } from '../../src-main/journal/journal-format';
import { UnresolvedIntents } from '../../src-main/settings/unresolved-intents';
import { expect, openScreen, test } from './support/fixtures';

/** The send an earlier version kept (tests/unit/main/journal/fixtures), as the previous generation holds it. */
async function keptSend(accountGuid: string) {
  const settings = JSON.parse(
    await readFile(join(import.meta.dirname, '../unit/main/journal/fixtures/settings-from-main.json'), 'utf8'),
  ) as { unresolvedIntents: unknown };
  const kept = UnresolvedIntents.parse(settings.unresolvedIntents).send[0];
  if (!kept) throw new Error('the fixture holds no send');
  return { ...kept, body: { ...kept.body, accountGuid } };
}

test.describe('a damaged record of payments (security.md 35)', () => {
  test('what was recovered and what could not be is listed on every screen until the user says they have seen it', async ({
    launchSandbox,
    launchSignedInApp,
  }) => {
    const sandbox = await launchSandbox();
    const alice = sandbox.info().users.find((user) => user.username === 'alice');
    const accountGuid = alice?.accounts[0]?.guid ?? '';
    const userDataDir = await mkdtemp(join(tmpdir(), 'wallet-desk-e2e-journal-'));
    const send = await keptSend(accountGuid);
    // The previous generation holds one send; the current file was cut short after naming a second one.
    await writeFile(
      join(userDataDir, 'money-journal.prev.json'),
      serialiseJournal({ sections: { send: [send], swap: [], withdraw: [] }, recovery: null }, 1),
    );
    await writeFile(
      join(userDataDir, JOURNAL_FILE),
      '{"format":"wallet-desk-money-journal","version":1,"sections":{"send":[{"referenceId":"send-ref-cut-2","bo',
    );

    const { page } = await launchSignedInApp({ sandbox, userDataDir, username: 'alice' });
    const notice = page.getByRole('region', { name: 'Check the payments Wallet Desk recovered' });
    await expect(notice).toBeVisible();
    const recoveredRow = notice.getByRole('row').filter({ hasText: send.referenceId });
    await expect(recoveredRow).toContainText('0.0004 BTC');
    // Privacy mode hides the recovered amount as it hides every other one.
    const privacy = page.getByRole('button', { name: 'Privacy mode' });
    await privacy.click();
    await expect(privacy).toHaveAttribute('aria-pressed', 'true');
    await expect(recoveredRow).not.toContainText('0.0004');
    await expect(recoveredRow.getByLabel('Hidden amount')).toBeVisible();
    await privacy.click();
    await expect(recoveredRow).toContainText('0.0004 BTC');
    await expect(notice.getByRole('listitem').filter({ hasText: 'send-ref-cut-2' })).toHaveText(
      'The details of the payment with the reference send-ref-cut-2 could not be read.',
    );
    await expect(notice).not.toContainText(/move the file|delete/i);

    // Wherever the user goes, it stays until seen; the recovered send is also in the Send screen's list.
    await openScreen(page, 'Send');
    await expect(notice).toBeVisible();
    await expect(page.getByText(send.referenceId).first()).toBeVisible();

    await notice.getByRole('button', { name: 'I have seen this list' }).click();
    await expect(notice).toHaveCount(0);
    const written = JSON.parse(await readFile(join(userDataDir, JOURNAL_FILE), 'utf8')) as { recovery: unknown };
    expect(written.recovery).toBeNull();
  });
});
