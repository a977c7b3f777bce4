import type { Locator } from '@playwright/test';
import { expect, openScreen, test } from './support/fixtures';

/**
 * The History filter bar at the three usual window sizes: the search box shows its whole hint (a cut-off one
 * hides what can be searched), and each label stays on the line of its list, right before it (the bar wraps
 * between fields, never between a label and its field).
 */
const sizes = [
  { width: 800, height: 600 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

/** How much wider the placeholder is than the room the box gives it, in pixels (0 or less: it fits). */
function placeholderOverflow(box: Locator): Promise<number> {
  return box.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(input.placeholder).width - room;
  });
}

/** Whether `label` sits on the line of `field`, ending just before it. */
async function rightBefore(label: Locator, field: Locator): Promise<{ sameLine: boolean; gap: number }> {
  const [text, box] = [await label.boundingBox(), await field.boundingBox()];
  if (!text || !box) throw new Error('both must be on screen');
  const middle = text.y + text.height / 2;
  return { sameLine: middle > box.y && middle < box.y + box.height, gap: box.x - (text.x + text.width) };
}

test.use({ appOptions: { username: 'alice' } });

for (const size of sizes) {
  test(`at ${size.width} x ${size.height} the search hint is whole and each label stands right before its list`, async ({
    signedInApp: { page },
  }) => {
    await page.setViewportSize(size);
    await openScreen(page, 'History');
    const bar = page.getByRole('search', { name: 'Filter transactions' });
    const search = bar.getByRole('searchbox', { name: 'Search transactions' });
    await expect(search).toHaveAttribute('placeholder', 'Search address, txId, reference, label…');
    expect(await placeholderOverflow(search)).toBeLessThanOrEqual(0);

    for (const name of ['Type', 'Rows per page']) {
      const placement = await rightBefore(bar.getByText(name, { exact: true }), bar.getByRole('combobox', { name }));
      expect(placement.sameLine, name).toBe(true);
      expect(placement.gap, name).toBeGreaterThanOrEqual(0);
      expect(placement.gap, name).toBeLessThanOrEqual(16);
    }
  });
}
