import { afterEach, describe, expect, it } from 'vitest';
import { setMainLanguage } from '../../../../src-main/i18n/main-text';
import {
  applicationMenuTemplate,
  DEVELOPER_MENU_ROLES,
  type MenuTemplateItem,
} from '../../../../src-main/shell/application-menu';

function roles(items: MenuTemplateItem[]): string[] {
  return items.flatMap((item) => [...(item.role ? [item.role] : []), ...roles(item.submenu ?? [])]);
}

describe('application menu (security 33)', () => {
  it.each(['darwin', 'win32', 'linux'] as const)('packaged on %s: no reload, force reload or DevTools', (platform) => {
    const packaged = roles(applicationMenuTemplate({ developerTools: false, platform }));
    for (const role of [...DEVELOPER_MENU_ROLES, 'viewMenu', 'default']) expect(packaged).not.toContain(role);
    expect(packaged).toEqual(expect.arrayContaining(['fileMenu', 'editMenu', 'windowMenu', 'zoomIn']));
    expect(packaged.includes('appMenu')).toBe(platform === 'darwin');
  });

  it('unpackaged (npm start): the developer items are there', () => {
    const development = roles(applicationMenuTemplate({ developerTools: true, platform: 'linux' }));
    expect(development).toEqual(expect.arrayContaining(['reload', 'forceReload', 'toggleDevTools']));
  });
});

/** Every item but separators, with its label (undefined where the template gives none). */
function labels(items: MenuTemplateItem[]): Array<{ role: string | undefined; label: string | undefined }> {
  return items.flatMap((item) =>
    item.type === 'separator' ? [] : [{ role: item.role, label: item.label }, ...labels(item.submenu ?? [])],
  );
}

describe('application menu in the chosen language', () => {
  afterEach(() => setMainLanguage('en', ['en-US']));

  it.each(['darwin', 'win32', 'linux'] as const)(
    "packaged on %s: every item has a label from the catalogues, none left to Electron's English",
    (platform) => {
      setMainLanguage('de', ['de-DE']);
      const german = labels(applicationMenuTemplate({ developerTools: false, platform }));
      expect(german.filter((item) => !item.label)).toEqual([]);
      setMainLanguage('tr', ['tr-TR']);
      const turkish = labels(applicationMenuTemplate({ developerTools: false, platform }));
      setMainLanguage('en', ['en-US']);
      const english = labels(applicationMenuTemplate({ developerTools: false, platform }));
      // Only the product name (macOS's app menu) reads the same in every language.
      const same = english.filter((item, at) => item.label === german[at]?.label || item.label === turkish[at]?.label);
      expect(same.map((item) => item.label)).toEqual(platform === 'darwin' ? ['Wallet Desk'] : []);
    },
  );

  it('writes the usual words of each system language', () => {
    setMainLanguage('de', ['de-DE']);
    const german = labels(applicationMenuTemplate({ developerTools: false, platform: 'linux' })).map((i) => i.label);
    expect(german).toEqual(expect.arrayContaining(['Datei', 'Bearbeiten', 'Kopieren', 'Einfügen', 'Fenster']));
    setMainLanguage('tr', ['tr-TR']);
    const turkish = labels(applicationMenuTemplate({ developerTools: false, platform: 'darwin' })).map((i) => i.label);
    expect(turkish).toEqual(expect.arrayContaining(['Düzen', 'Kopyala', 'Wallet Desk Uygulamasından Çık']));
  });
});
