import {
  LAUNCH_TAGS,
  type ElementMaker,
  type LaunchTag,
  type ViewElement,
} from '../../src-renderer/src/launch-paint-view';
import { LAUNCH_FRESH_ACCOUNT_ATTRIBUTE, LAUNCH_MARK_ATTRIBUTE } from '../../src-renderer/src/launch-marks';
import { LAUNCH_BASIS_ATTRIBUTE } from '../../src-renderer/src/launch-paint-basis';

/**
 * The attributes the launch view sets (src-renderer/src/launch-paint-view.ts), and the fresh part's frame around
 * it (launch-view.ts): no other may be written.
 */
const LAUNCH_ATTRIBUTES: ReadonlySet<string> = new Set([
  'class',
  'id',
  'role',
  'scope',
  'datetime',
  'aria-label',
  'aria-labelledby',
  'aria-busy',
  'data-balances',
  LAUNCH_MARK_ATTRIBUTE,
  LAUNCH_BASIS_ATTRIBUTE,
  LAUNCH_FRESH_ACCOUNT_ATTRIBUTE,
]);
const TAGS: ReadonlySet<string> = new Set(LAUNCH_TAGS);

/**
 * Text or an attribute value as markup that parses back to the same characters and nothing else: the five
 * characters that could end a text or a quoted value or start a tag or a reference, and the carriage return,
 * which the HTML parser would otherwise turn into a line feed. NUL cannot be carried by HTML at all (the parser
 * drops or replaces it), so a text holding one is refused rather than shown changed.
 */
export function escapeMarkup(text: string): string {
  if (text.includes('\u0000')) throw new Error('launch markup: a text holds NUL, which HTML cannot carry');
  return text.replace(/[&<>"'\r]/g, (character) => ESCAPES[character] ?? '');
}
const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '\r': '&#13;',
};

/**
 * The stand-in for `document.createElement` that main builds the launch view with: it writes markup instead of
 * nodes. Only the view's own tags and attribute names (fixed in code, never from the service) may be written,
 * and every text and attribute value is escaped, so no text of the service can become markup.
 */
export class MarkupElement implements ViewElement<MarkupElement> {
  private readonly attributes: string[] = [];
  private readonly children: Array<MarkupElement | string> = [];

  constructor(private readonly tag: LaunchTag) {
    if (!TAGS.has(tag)) throw new Error(`launch markup: <${String(tag)}> is not a tag of the launch view`);
  }

  setAttribute(name: string, value: string): void {
    if (!LAUNCH_ATTRIBUTES.has(name)) throw new Error(`launch markup: ${name} is not an attribute of the launch view`);
    this.attributes.push(` ${name}="${escapeMarkup(value)}"`);
  }

  append(...children: Array<MarkupElement | string>): void {
    this.children.push(...children);
  }

  /** The attributes alone, as they are written in the opening tag: for an element main writes around a view. */
  get attributesMarkup(): string {
    return this.attributes.join('');
  }

  get outerHTML(): string {
    const inner = this.children.map((child) => (typeof child === 'string' ? escapeMarkup(child) : child.outerHTML));
    return `<${this.tag}${this.attributes.join('')}>${inner.join('')}</${this.tag}>`;
  }
}

export const markupMaker: ElementMaker<MarkupElement> = { createElement: (tag) => new MarkupElement(tag) };
