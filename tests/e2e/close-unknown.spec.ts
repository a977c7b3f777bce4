import type { Page } from '@playwright/test';
import { expect, openScreen, OWN_APP, test, WIDE_TOTP_WINDOW, type MoneyScreen } from './support/fixtures';
import { accessibilityViolations } from './support/accessibility';
import { alertSaying, containing } from './support/page-text';

const BTC_DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

const lastSendReference = ({ service }: MoneyScreen) =>
  String(service.requests.filter((request) => request.path === '/send').at(-1)?.body?.referenceId);

async function sendUntilUnknown(screen: MoneyScreen, amount: string): Promise<string> {
  const { page, nextCode, sandbox } = screen;
  await page.getByRole('combobox', { name: 'Asset' }).selectOption('BTC');
  await page.getByRole('textbox', { name: 'Destination address' }).fill(BTC_DESTINATION);
  await page.getByRole('textbox', { name: /^Amount/ }).fill(amount);
  await page.getByRole('button', { name: 'Check fees' }).click();
  await page.getByRole('radio', { name: /^Standard/ }).check();
  await page.getByRole('button', { name: 'Review send' }).click();
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(await nextCode());
  // The service takes the send but answers 503, and commits it only when the story releases it.
  sandbox.faults.set({ holdLateCommits: true, unexpectedAnswerNext: { commit: 'late', status: 503, message: 'x' } });
  await page.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByRole('heading', { name: 'Outcome unknown' })).toBeVisible();
  return lastSendReference(screen);
}

const closedSends = (page: Page) => page.getByRole('region', { name: /^Sends closed as did not go through/ });

// Each story has its own sandbox and app (OWN_APP): the sends it leaves unknown and closes are its own, so the
// counts it asserts (twelve listed, twelve closed) hold whatever ran before.
test.describe('Closing an unknown send (security.md 36)', { tag: OWN_APP }, () => {
  test.use({ appOptions: { username: 'alice', totpWindowSteps: WIDE_TOTP_WINDOW } });

  test('a lost send is closed after a warning naming it, listed as closed, and when the service shows it a check raises the alarm on every screen', async ({
    sendScreen,
  }) => {
    const { page, sandbox } = sendScreen;
    const referenceId = await sendUntilUnknown(sendScreen, '0.0005');

    await page.getByRole('button', { name: 'Start a new send' }).click();
    const unknown = page.getByRole('region', { name: 'Sends with an unknown outcome' });
    await unknown
      .getByRole('button', {
        name: new RegExp(
          `^Close the send of 0\\.0005 BTC to bc1qw508…7kv8f3t4, started .+ \\(reference ${referenceId}\\), as did not go through$`,
        ),
      })
      .click();
    // The warning names the move and says it may still have moved money; Cancel has the focus.
    const dialog = page.getByRole('alertdialog', { name: 'Close this send?' });
    await expect(dialog).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await expect(dialog).toHaveAccessibleDescription(
      new RegExp(
        `^The send of 0\\.0005 BTC to bc1qw508…7kv8f3t4 that you started at .+ \\(reference ${referenceId}\\) may still have moved money`,
      ),
    );
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Close it as did not go through' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(unknown).toHaveCount(0);

    // Closed, with who closed it, when and what they were shown.
    await expect(closedSends(page)).toBeVisible();
    await closedSends(page)
      .getByText(/^Sends closed as did not go through \(\d+\)$/)
      .click();
    const entry = closedSends(page).getByRole('listitem').filter({ hasText: referenceId });
    await expect(entry).toContainText(/Closed as did not go through by .+ on .+\./);
    await expect(entry).toContainText('They were shown: The send of 0.0005 BTC');
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(sandbox.movements().filter((movement) => movement.referenceId === referenceId)).toHaveLength(0);

    // The service commits it after all; Check status of the closed send finds it: the alarm is loud.
    expect(sandbox.releaseLateCommits()).toBe(1);
    await entry.getByRole('button', { name: /^Check status of the closed send/ }).click();
    await expect(page.getByRole('heading', { name: 'Sent' })).toBeVisible();
    const alarm = alertSaying(page, containing('A send you closed as did not go through has gone through.'));
    await expect(alarm).toHaveCount(1);
    await expect(alarm).toContainText(`reference ${referenceId}`);
    await expect(alarm).toContainText('Any replacement you made for it may have paid twice.');

    // On every screen until dismissed, and within an 800x600 window.
    await openScreen(page, 'History');
    await expect(alarm).toHaveCount(1);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 800, height: 600 });
    const dismiss = alarm.getByRole('button', { name: /^Dismiss the alarm/ });
    await dismiss.scrollIntoViewIfNeeded();
    const box = await dismiss.boundingBox();
    expect(box !== null && box.x >= 0 && box.x + box.width <= 800).toBe(true);
    await alarm.getByRole('button', { name: `Dismiss the alarm about the send with reference ${referenceId}` }).click();
    await expect(alarm).toHaveCount(0);
  });

  test('twelve unknown sends: the list pages ten at a time, one box acknowledges them all, and Close all closes the twelve after one confirmation', async ({
    sendScreen,
  }) => {
    const { page, nextCode, sandbox, session } = sendScreen;
    const { handlers } = session.app.core;
    // Staged through main's own operations: twelve sends whose POST /send fails (nothing moves).
    for (let index = 0; index < 12; index += 1) {
      const unresolved = await handlers['send.unresolved']();
      const precheck = await handlers['send.precheck']({ code: 'BTC', address: BTC_DESTINATION, amount: '0.0001' });
      const review = await handlers['send.confirm']({
        precheckId: precheck.precheckId,
        feeRate: 1,
        acknowledgedIntentIds: unresolved.map((entry) => entry.review.intentId),
      });
      sandbox.faults.set({ failNext: 1, failNextPath: '/api/OAuth/send' });
      await expect(
        handlers['send.execute']({
          intentId: review.intentId,
          tfaCode: await nextCode(),
          acknowledgedIntentIds: unresolved.map((entry) => entry.review.intentId),
        }),
      ).rejects.toMatchObject({ code: 'outcome_unknown' });
    }
    await openScreen(page, 'History');
    await openScreen(page, 'Send');
    const unknown = page.getByRole('region', { name: 'Sends with an unknown outcome' });
    await expect(unknown.getByRole('listitem')).toHaveCount(10);
    const pages = unknown.getByRole('navigation', { name: 'Pages of Sends with an unknown outcome' });
    await expect(pages.getByRole('status')).toHaveText('Showing 1 to 10 of 12.');
    await pages.getByRole('button', { name: 'Next page' }).click();
    await expect(pages.getByRole('status')).toHaveText('Showing 11 to 12 of 12.');
    await expect(unknown.getByRole('listitem')).toHaveCount(2);
    await expect(
      unknown.getByRole('checkbox', { name: 'I know all 12 sends listed here may already have gone through.' }),
    ).toBeVisible();

    // Two are shown on this page; the button closes all twelve, and says so.
    await expect(unknown.getByRole('button', { name: /shown as did not go through/ })).toHaveCount(0);
    await unknown.getByRole('button', { name: 'Close all 12 listed as did not go through' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Close 12 sends?' });
    await expect(dialog).toHaveAccessibleDescription(
      /^All 12 sends listed here may still have moved money, and the service may show any of them later\./,
    );
    await dialog.getByRole('button', { name: 'Close all 12' }).click();
    await expect(unknown).toHaveCount(0);
    await expect(closedSends(page).getByText('Sends closed as did not go through (12)')).toBeVisible();
    // Nothing is left to acknowledge: the next send goes to its review without a box to tick.
    await page.getByRole('combobox', { name: 'Asset' }).selectOption('BTC');
    await page.getByRole('textbox', { name: 'Destination address' }).fill(BTC_DESTINATION);
    await page.getByRole('textbox', { name: /^Amount/ }).fill('0.0002');
    await page.getByRole('button', { name: 'Check fees' }).click();
    await page.getByRole('radio', { name: /^Standard/ }).check();
    await page.getByRole('button', { name: 'Review send' }).click();
    await expect(page.getByRole('heading', { name: 'Review the send' })).toBeVisible();
  });
});
