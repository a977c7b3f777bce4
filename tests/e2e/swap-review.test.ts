import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from './support/accessibility';
import { recordServiceRequests } from './support/service-requests';
import { startSignedInApp, type SignedInApp } from './support/signed-in-app';

describe('Swap review: fee, minimum received and rate as the service states them; Refresh quote', () => {
  let app: SignedInApp;
  let service: ReturnType<typeof recordServiceRequests>;

  beforeAll(async () => {
    app = await startSignedInApp({ username: 'alice' });
    service = recordServiceRequests(app.sandbox);
  });

  afterAll(async () => {
    service?.restore();
    await app?.close();
  });

  it(
    'says what the service does not state, how the rate is worked out, and refreshes an expired quote showing what changed',
    { timeout: 120_000 },
    async () => {
      const page = app.page;
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Swap', exact: true }).click();
      await page.getByRole('heading', { name: 'Swap', exact: true }).waitFor();
      await page.getByLabel('From', { exact: true }).selectOption('BTC');
      await page.getByLabel('From network').selectOption('Bitcoin Mainnet');
      await page.getByLabel('To', { exact: true }).selectOption('ETH');
      await page.getByLabel('To network').selectOption('Ethereum Mainnet');
      await page.getByRole('textbox', { name: /^Amount/ }).fill('0.002');
      await page.getByRole('region', { name: 'Quote' }).waitFor();
      await page.getByRole('button', { name: 'Review swap' }).click();
      const review = page.getByRole('region', { name: 'Review the swap' });
      await review.waitFor();
      const text = (await review.textContent()) ?? '';
      expect(text).toContain('Minimum receivedNot stated by the service');
      expect(text).toContain('FeeNot stated by the service');
      expect(text).toContain('amount received ÷ amount sent');
      const firstReference = await page.locator('.swap-reference').textContent();
      expect(await page.getByRole('button', { name: 'Refresh quote' }).count()).toBe(0);

      await page.getByRole('button', { name: 'Refresh quote' }).waitFor({ timeout: 45_000 });
      const swaps = service.requests.filter((request) => request.path === '/swap').length;
      const prechecks = service.requests.filter((request) => request.path === '/swap/precheck').length;
      await page.getByRole('button', { name: 'Refresh quote' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /^The quote expired, so a new one was fetched/ })
        .waitFor();
      await page.getByRole('region', { name: 'What changed' }).waitFor();
      expect(await page.getByText(/^Quote valid for \d+ s$/).count()).toBe(1);
      expect(await page.locator('.swap-reference').textContent()).not.toBe(firstReference);
      expect(service.requests.filter((request) => request.path === '/swap/precheck').length).toBe(prechecks + 1);
      // Refreshing only looks: nothing was swapped.
      expect(service.requests.filter((request) => request.path === '/swap').length).toBe(swaps);
      expect(await accessibilityViolations(page)).toEqual([]);
    },
  );
});
