import { create } from 'zustand';
import type { MessageId } from '../i18n/text';

export const screens = [
  'home',
  'send',
  'swap',
  'receive',
  'merchant',
  'history',
  'payouts',
  'payment-requests',
  'address-book',
  'profile',
  'settings',
] as const;
export type ScreenId = (typeof screens)[number];

/** Each screen's name in the navigation, as a catalogue message (shown in the window's language). */
export const screenTitles: Record<ScreenId, MessageId> = {
  home: 'shell.screen.home',
  send: 'shell.screen.send',
  swap: 'shell.screen.swap',
  receive: 'shell.screen.receive',
  merchant: 'shell.screen.merchant',
  history: 'shell.screen.history',
  payouts: 'shell.screen.payouts',
  'payment-requests': 'shell.screen.paymentRequests',
  'address-book': 'shell.screen.addressBook',
  profile: 'shell.screen.profile',
  settings: 'shell.screen.settings',
};

interface NavigationState {
  readonly screen: ScreenId;
  go(screen: ScreenId): void;
}

export const useNavigation = create<NavigationState>()((set) => ({
  screen: 'home',
  go: (screen) => set({ screen }),
}));
