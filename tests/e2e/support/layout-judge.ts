import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { test } from './fixtures';
import { layoutProblems } from './layout-problems';
import { settled } from './settled';

export interface WindowSize {
  readonly width: number;
  readonly height: number;
}

/**
 * Saves the screen as a PNG for a person to look at (test-results/layout/<folder>/, git-ignored) and returns
 * its layout problems, each naming the screen. `topBar` is false for the sign-in and lock screens, which have
 * none; `folder` defaults to the window's size.
 */
export async function judgeLayout(
  page: Page,
  size: WindowSize,
  name: string,
  { topBar = true, folder = `${size.width}x${size.height}` }: { topBar?: boolean; folder?: string } = {},
): Promise<string[]> {
  await settled(page);
  const dir = resolve(test.info().project.outputDir, '..', 'layout', folder);
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name.replace(/[^\w-]+/g, '-').toLowerCase()}.png`), fullPage: true });
  return (await layoutProblems(page, topBar)).map((problem) => `${name}: ${problem}`);
}
