import { create } from 'zustand';

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

export const screenTitles: Record<ScreenId, string> = {
  home: 'Home',
  send: 'Send',
  swap: 'Swap',
  receive: 'Receive',
  merchant: 'Merchant',
  history: 'History',
  payouts: 'Payouts',
  'payment-requests': 'Payment requests',
  'address-book': 'Address book',
  profile: 'Profile',
  settings: 'Settings',
};

interface NavigationState {
  readonly screen: ScreenId;
  go(screen: ScreenId): void;
}

export const useNavigation = create<NavigationState>()((set) => ({
  screen: 'home',
  go: (screen) => set({ screen }),
}));
