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

/**
 * Electron's default menu has a View menu with Reload, Force Reload and Toggle Developer Tools, so a
 * packaged app must set its own. Its View menu is written out here (never the 'viewMenu' role, which
 * brings those items back); reloading is left out too, as it would drop the page's state mid-payment.
 */
export function applicationMenuTemplate(options: ApplicationMenuOptions): MenuTemplateItem[] {
  const developer: MenuTemplateItem[] = options.developerTools
    ? [...DEVELOPER_MENU_ROLES.map((role) => ({ role })), { type: 'separator' }]
    : [];
  const view: MenuTemplateItem = {
    label: t('menu.view'),
    submenu: [
      ...developer,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
  return [
    ...(options.platform === 'darwin' ? [{ role: 'appMenu' } as const] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    view,
    { role: 'windowMenu' },
  ];
}
