import { describe, expect, it } from 'vitest';
import type { PortfolioView } from '../../../../src-preload/contract/portfolio';
import type { SessionView } from '../../../../src-preload/contract/session';
import { escapeMarkup, MarkupElement, markupMaker } from '../../../../src-main/shell/launch-markup';
import { launchBalancesView, type LaunchTag } from '../../../../src-renderer/src/launch-paint-view';
import { HOSTILE_TEXTS } from '../../../support/hostile-texts';
import { markupStructure, textBetweenTags } from '../../../support/markup-structure';

const signedIn: SessionView = {
  status: 'signed-in',
  user: null,
  accounts: [],
  activeAccountGuid: 'account-1',
  keychain: 'available',
};

function portfolioOf(text: string): PortfolioView {
  return {
    accountGuid: 'account-1',
    totalBalanceUsd: '1.5',
    dailyProfitUsd: '0',
    wallets: [
      { code: text, displayName: text, network: text, amount: '1', priceUsd: '1.5', valueUsd: '1.5', address: 'a' },
    ],
    fetchedAt: '2026-11-23T09:00:00.000Z',
  };
}

describe('the launch markup (main writes the launch view as text)', () => {
  it('escapes the characters that could end a text or a quoted value, or start a tag or a reference', () => {
    expect(escapeMarkup(`<a href="x" title='y'>&amp;</a>\r`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;&#13;',
    );
  });

  it('refuses a text HTML cannot carry rather than show it changed', () => {
    expect(() => escapeMarkup('a\u0000b')).toThrow(/NUL/);
  });

  it('writes only the launch view’s own tags and attribute names', () => {
    expect(() => markupMaker.createElement('script' as LaunchTag)).toThrow(/not a tag/);
    expect(() => new MarkupElement('span').setAttribute('onmouseover', 'x')).toThrow(/not an attribute/);
    expect(() => new MarkupElement('span').setAttribute('style', 'x')).toThrow(/not an attribute/);
  });

  it.each(HOSTILE_TEXTS.map((text) => [text.slice(0, 40), text]))(
    'keeps a wallet’s code, name and network as text: %s',
    (_shown, text) => {
      const markup = launchBalancesView(markupMaker, portfolioOf(text), signedIn).outerHTML;
      // The same elements and attributes as for a harmless name: nothing of the text became markup.
      expect(markupStructure(markup)).toEqual(
        markupStructure(launchBalancesView(markupMaker, portfolioOf('BTC'), signedIn).outerHTML),
      );
      // Between the tags there is text only, and every character that could start markup is a reference.
      const between = textBetweenTags(markup);
      expect(between).not.toMatch(/[<>"'\r]/);
      expect(between).toContain(escapeMarkup(text));
    },
  );

  it('keeps a hostile time as an attribute value and as text', () => {
    const hostile = { ...portfolioOf('BTC'), fetchedAt: '"><script>alert(1)</script>' };
    const markup = launchBalancesView(markupMaker, hostile, signedIn).outerHTML;
    expect(markup).toContain(' datetime="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(markup).not.toContain('<script');
  });
});
