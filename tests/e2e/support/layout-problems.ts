import type { ElementHandle, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * What is wrong with the layout of the page as it is now, in words naming the element; empty when nothing.
 * It measures every control and table of the page, so it reads the DOM directly; the top bar is handed in
 * as the page's banner (found by its role).
 */
export async function layoutProblems(page: Page, topBar: boolean): Promise<string[]> {
  let topbar: ElementHandle<HTMLElement | SVGElement> | null = null;
  if (topBar) {
    // Exactly one: a second banner (or none) would otherwise pass the overlap check below by skipping it.
    const banner = page.getByRole('banner');
    await expect(banner, 'the top bar, the one banner of a signed-in window').toHaveCount(1);
    topbar = await banner.elementHandle();
  }
  return page.evaluate((topbar) => {
    const problems: string[] = [];
    const slack = 1;
    const width = document.documentElement.clientWidth;
    const describe = (element: Element): string => {
      const name =
        element.getAttribute('aria-label') ??
        (element as HTMLInputElement).labels?.[0]?.textContent ??
        element.textContent ??
        '';
      return `${element.tagName.toLowerCase()} "${name.replace(/\s+/g, ' ').trim().slice(0, 60)}"`;
    };
    const visible = (element: Element): boolean => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none';
    };

    if (document.documentElement.scrollWidth > width + slack) {
      problems.push(`the page scrolls sideways by ${document.documentElement.scrollWidth - width}px`);
    }

    const controls = [
      ...document.querySelectorAll(
        'button, input:not([type="hidden"]), select, textarea, a[href], [role="tab"], [tabindex="0"]',
      ),
    ].filter(visible);
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.left < -slack || box.right > width + slack) {
        problems.push(`${describe(control)} is outside the window (${Math.round(box.left)}..${Math.round(box.right)})`);
        continue;
      }
      // A word longer than its button sticks out of the button's face (a German compound in the sidebar).
      const pressable = control instanceof HTMLButtonElement || control.getAttribute('role') === 'tab';
      if (pressable && control.scrollWidth > control.clientWidth + slack) {
        problems.push(
          `${describe(control)} sticks out of its button by ${control.scrollWidth - control.clientWidth}px`,
        );
      }
      // A box that scrolls or clips sideways hides whatever sticks out of it: that is a cut-off control.
      for (let parent = control.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX === 'visible') continue;
        const frame = parent.getBoundingClientRect();
        if (box.left < frame.left - slack || box.right > frame.right + slack) {
          problems.push(`${describe(control)} is cut off by its ${parent.tagName.toLowerCase()}.${parent.className}`);
          break;
        }
        // A modal dialog is drawn in the top layer, over the page: the boxes it sits in do not clip it.
        if (parent.matches(':modal')) break;
      }
    }

    if (topbar) {
      const bar = topbar.getBoundingClientRect();
      const content = [...document.querySelectorAll('main *, nav *')].filter(
        (element) => !topbar.contains(element) && visible(element),
      );
      for (const element of content) {
        const box = element.getBoundingClientRect();
        const overlaps =
          box.top < bar.bottom - slack && box.bottom > bar.top + slack && box.left < bar.right && box.right > bar.left;
        if (overlaps) {
          problems.push(`${describe(element)} overlaps the top bar`);
          break;
        }
      }
    }

    for (const table of [...document.querySelectorAll('table')].filter(visible)) {
      const box = table.getBoundingClientRect();
      for (let parent = table.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const frame = parent.getBoundingClientRect();
        const clips = getComputedStyle(parent).overflowX !== 'visible';
        // A clipping box of a pixel or less is visually hidden on purpose (a chart's table kept for assistive
        // tech): nothing of it is seen, so nothing in it is cut off.
        if (clips && frame.width <= 1 && frame.height <= 1) break;
        if ((clips || parent.tagName === 'MAIN') && box.right > frame.right + slack) {
          problems.push(
            `table ${describe(table)} is ${Math.round(box.right - frame.right)}px wider than its ${parent.tagName.toLowerCase()}.${parent.className}`,
          );
          break;
        }
      }
    }

    // The content area itself too: a word too long for it makes it scroll sideways without moving a control.
    for (const element of [...document.querySelectorAll('main, main *')].filter(visible)) {
      const overflowX = getComputedStyle(element).overflowX;
      if ((overflowX === 'auto' || overflowX === 'scroll') && element.scrollWidth > element.clientWidth + slack) {
        problems.push(
          `${element.tagName.toLowerCase()}.${element.className} scrolls sideways by ${element.scrollWidth - element.clientWidth}px`,
        );
      }
    }

    // Text in a box that clips it (overflow hidden or clip) and is wider than the box is cut off, unless it
    // ends in an ellipsis and a title gives the whole text. A box of a pixel or less is visually hidden on
    // purpose (text kept for assistive tech); form fields scroll their own value.
    const normalised = (text: string): string => text.replace(/\s+/g, ' ').trim().toLowerCase();
    for (const element of [...document.querySelectorAll('body *')].filter(visible)) {
      if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) continue;
      if (element instanceof HTMLTextAreaElement) continue;
      const style = getComputedStyle(element);
      if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') continue;
      if (element.clientWidth <= 1 && element.clientHeight <= 1) continue;
      const text = normalised(element.textContent ?? '');
      if (text === '' || element.scrollWidth <= element.clientWidth + slack) continue;
      const title = element.closest('[title]')?.getAttribute('title') ?? '';
      // Every word shown is in the title (a shortened id "3a6e…c0e" is completed by the whole id).
      const whole = normalised(title);
      const completed = text.split(/[\s…]+/).every((word) => word === '' || whole.includes(word));
      if (style.textOverflow === 'ellipsis' && whole !== '' && completed) continue;
      problems.push(
        `${describe(element)} is cut off: ${element.scrollWidth - element.clientWidth}px of its text is hidden` +
          (style.textOverflow === 'ellipsis' ? ' behind an ellipsis with no title giving the whole text' : ''),
      );
    }
    // One line per finding: the rows of a long table would otherwise repeat it.
    return [...new Set(problems)];
  }, topbar);
}
