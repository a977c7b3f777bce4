import { t } from '../i18n/main-text';

/**
 * The application menu as a plain template (no Electron import, so it is testable and the same for every
 * platform's shell). The shell builds it with Menu.buildFromTemplate.
 */

/** The Electron menu roles this menu uses. */
export type MenuRole =
  | 'appMenu'
  | 'fileMenu'
  | 'editMenu'
  | 'windowMenu'
  | 'about'
  | 'services'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'quit'
  | 'close'
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'pasteAndMatchStyle'
  | 'delete'
  | 'selectAll'
  | 'minimize'
  | 'zoom'
  | 'front'
  | 'reload'
  | 'forceReload'
  | 'toggleDevTools'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen';

export interface MenuTemplateItem {
  role?: MenuRole;
  label?: string;
  type?: 'separator';
  submenu?: MenuTemplateItem[];
}

/** Items that reload the page or open DevTools: for development only (security 33). */
export const DEVELOPER_MENU_ROLES: readonly MenuRole[] = ['reload', 'forceReload', 'toggleDevTools'];

export interface ApplicationMenuOptions {
  /** True only in an unpackaged run (`npm start`); a packaged build gets no developer items. */
  readonly developerTools: boolean;
  readonly platform: NodeJS.Platform;
}

/** The product name the app menu's items carry on macOS ("Quit Wallet Desk"). */
const PRODUCT_NAME = 'Wallet Desk';

/** A separator line between groups of items. */
const separator: MenuTemplateItem = { type: 'separator' };

/**
 * An item of one of Electron's roles, labelled from the catalogues: Electron writes its roles' own labels in
 * English on Windows and Linux ("Edit", "Undo", "Zoom In"), whatever the language chosen.
 */
function labelled(role: MenuRole): MenuTemplateItem {
  return { role, label: roleLabel(role) };
}

function roleLabel(role: MenuRole): string {
  const name = PRODUCT_NAME;
  switch (role) {
    case 'appMenu':
      return name;
    case 'fileMenu':
      return t('menu.file');
    case 'editMenu':
      return t('menu.edit');
    case 'windowMenu':
      return t('menu.window');
    case 'about':
      return t('menu.about', { name });
    case 'services':
      return t('menu.services');
    case 'hide':
      return t('menu.hide', { name });
    case 'hideOthers':
      return t('menu.hideOthers');
    case 'unhide':
      return t('menu.unhide');
    case 'quit':
      return t('menu.quit', { name });
    case 'close':
      return t('menu.close');
    case 'undo':
      return t('menu.undo');
    case 'redo':
      return t('menu.redo');
    case 'cut':
      return t('menu.cut');
    case 'copy':
      return t('menu.copy');
    case 'paste':
      return t('menu.paste');
    case 'pasteAndMatchStyle':
      return t('menu.pasteAndMatchStyle');
    case 'delete':
      return t('menu.delete');
    case 'selectAll':
      return t('menu.selectAll');
    case 'minimize':
      return t('menu.minimize');
    case 'zoom':
      return t('menu.zoom');
    case 'front':
      return t('menu.front');
    case 'resetZoom':
      return t('menu.resetZoom');
    case 'zoomIn':
      return t('menu.zoomIn');
    case 'zoomOut':
      return t('menu.zoomOut');
    case 'togglefullscreen':
      return t('menu.togglefullscreen');
    // Development only (an unpackaged run), where Electron's own English is fine.
    case 'reload':
    case 'forceReload':
    case 'toggleDevTools':
      return '';
  }
}

/** A menu of one of Electron's menu roles, with its items written out so that each carries a label. */
function roleMenu(role: MenuRole, items: readonly (MenuRole | 'separator')[]): MenuTemplateItem {
  return {
    ...labelled(role),
    submenu: items.map((item) => (item === 'separator' ? separator : labelled(item))),
  };
}

/**
 * Electron's default menu has a View menu with Reload, Force Reload and Toggle Developer Tools, so a
 * packaged app must set its own. Its View menu is written out here (never the 'viewMenu' role, which
 * brings those items back); reloading is left out too, as it would drop the page's state mid-payment.
 * The other menus keep their roles (macOS places them by role) with their items written out as Electron's
 * defaults are, each labelled in the chosen language.
 */
export function applicationMenuTemplate(options: ApplicationMenuOptions): MenuTemplateItem[] {
  const mac = options.platform === 'darwin';
  const developer: MenuTemplateItem[] = options.developerTools
    ? [...DEVELOPER_MENU_ROLES.map((role) => ({ role })), separator]
    : [];
  const view: MenuTemplateItem = {
    label: t('menu.view'),
    submenu: [
      ...developer,
      labelled('resetZoom'),
      labelled('zoomIn'),
      labelled('zoomOut'),
      separator,
      labelled('togglefullscreen'),
    ],
  };
  const app = roleMenu('appMenu', [
    'about',
    'separator',
    'services',
    'separator',
    'hide',
    'hideOthers',
    'unhide',
    'separator',
    'quit',
  ]);
  const edit = roleMenu(
    'editMenu',
    mac
      ? ['undo', 'redo', 'separator', 'cut', 'copy', 'paste', 'pasteAndMatchStyle', 'delete', 'selectAll']
      : ['undo', 'redo', 'separator', 'cut', 'copy', 'paste', 'delete', 'separator', 'selectAll'],
  );
  return [
    ...(mac ? [app] : []),
    roleMenu('fileMenu', [mac ? 'close' : 'quit']),
    edit,
    view,
    roleMenu('windowMenu', mac ? ['minimize', 'zoom', 'separator', 'front'] : ['minimize', 'close']),
  ];
}
