import { describe, expect, it } from 'vitest';
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
