import { lazy, Suspense, useCallback } from 'react';
import { ClockNotice } from './components/clock-notice';
import { MoneyAlarms } from './components/money-alarms';
import { JournalRecoveryNotice } from './components/journal-recovery-notice';
import { TopBar } from './components/top-bar';
import { useIdleLock } from './hooks/use-idle-lock';
import { useDepositWatch } from './hooks/use-deposit-watch';
import { useDepositsSeen } from './hooks/use-deposits-seen';
import { useSettleRound } from './hooks/use-settle-round';
import { useShortcuts } from './hooks/use-shortcuts';
import { CachedBalancesScreen } from './screens/home/cached-balances-screen';
import { HomeScreen } from './screens/home/home-screen';
import { LockScreen } from './screens/session/lock-screen';
import { SignInScreen } from './screens/session/sign-in-screen';
import { useAppStore } from './stores/app-store';
import { screens, screenTitles, useNavigation, type ScreenId } from './stores/navigation-store';
import { usePortfolioStore } from './stores/portfolio-store';
import { useSessionStore } from './stores/session-store';
import { useText } from './i18n/use-text';

// Home is what every launch paints first; the other screens (and the validators some of them bring) load on
// first visit, so they cost nothing at start-up.
const ReceiveScreen = lazy(() =>
  import('./screens/receive/receive-screen').then((m) => ({ default: m.ReceiveScreen })),
);
const SendScreen = lazy(() => import('./screens/send/send-screen').then((m) => ({ default: m.SendScreen })));
const SwapScreen = lazy(() => import('./screens/swap/swap-screen').then((m) => ({ default: m.SwapScreen })));
const HistoryScreen = lazy(() =>
  import('./screens/history/history-screen').then((m) => ({ default: m.HistoryScreen })),
);
const PaymentRequestsScreen = lazy(() =>
  import('./screens/payment-requests/payment-requests-screen').then((m) => ({ default: m.PaymentRequestsScreen })),
);
const AddressBookScreen = lazy(() =>
  import('./screens/address-book/address-book-screen').then((m) => ({ default: m.AddressBookScreen })),
);
const MerchantScreen = lazy(() =>
  import('./screens/merchant/merchant-screen').then((m) => ({ default: m.MerchantScreen })),
);
const PayoutsScreen = lazy(() =>
  import('./screens/payouts/payouts-screen').then((m) => ({ default: m.PayoutsScreen })),
);
const SettingsScreen = lazy(() => import('./screens/settings-screen').then((m) => ({ default: m.SettingsScreen })));
const ProfileScreen = lazy(() =>
  import('./screens/session/profile-screen').then((m) => ({ default: m.ProfileScreen })),
);

function ScreenView({ screen }: { screen: ScreenId }): React.JSX.Element {
  switch (screen) {
    case 'home':
      return <HomeScreen />;
    case 'receive':
      return <ReceiveScreen />;
    case 'send':
      return <SendScreen />;
    case 'swap':
      return <SwapScreen />;
    case 'history':
      return <HistoryScreen />;
    case 'profile':
      return <ProfileScreen />;
    case 'merchant':
      return <MerchantScreen />;
    case 'settings':
      return <SettingsScreen />;
    case 'payment-requests':
      return <PaymentRequestsScreen />;
    case 'address-book':
      return <AddressBookScreen />;
    case 'payouts':
      return <PayoutsScreen />;
  }
}

function SignedIn(): React.JSX.Element {
  const screen = useNavigation((state) => state.screen);
  const go = useNavigation((state) => state.go);
  const problem = useAppStore((state) => state.problem);
  const settingsProblem = useAppStore((state) => state.info?.settingsProblem ?? null);
  const idleLockMinutes = useAppStore((state) => state.preferences?.idleLockMinutes ?? null);
  const lock = useSessionStore((state) => state.lock);
  const onIdle = useCallback(() => void lock(), [lock]);
  useIdleLock(idleLockMinutes, onIdle);
  useDepositsSeen(screen);
  useDepositWatch();
  useSettleRound();
  const t = useText();

  return (
    <div className="layout">
      <TopBar />
      <nav aria-label={t('shell.nav')} className="sidebar">
        <ul>
          {screens.map((id) => (
            <li key={id}>
              <button type="button" aria-current={screen === id ? 'page' : undefined} onClick={() => go(id)}>
                {t(screenTitles[id])}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <main className="content">
        <MoneyAlarms />
        {problem && <p role="alert">{problem}</p>}
        {settingsProblem && <p role="alert">{settingsProblem}</p>}
        <ClockNotice />
        <JournalRecoveryNotice />
        <Suspense fallback={<p aria-busy="true">{t('shell.loading')}</p>}>
          <ScreenView screen={screen} />
        </Suspense>
      </main>
    </div>
  );
}

/** The first screen is drawn from the stores main.tsx has already filled (start-up.ts). */
export function App(): React.JSX.Element {
  const status = useSessionStore((state) => state.view?.status ?? null);
  const restoreFailed = useSessionStore((state) => state.view?.restoreFailed !== undefined);
  const cached = usePortfolioStore((state) => (state.source === 'cached' ? state.portfolio : null));
  useShortcuts();
  const t = useText();

  // Until the session is back, the last known balances (if any) stand in for Home.
  if (cached && (status === null || status === 'signing-in' || restoreFailed))
    return <CachedBalancesScreen portfolio={cached} unreachable={restoreFailed && status === 'signed-out'} />;

  switch (status) {
    case null:
      return (
        <main className="gate" aria-busy="true">
          <p role="status">{t('shell.starting')}</p>
        </main>
      );
    case 'signed-out':
    case 'signing-in':
      return <SignInScreen />;
    case 'locked':
      return <LockScreen />;
    case 'signed-in':
      return <SignedIn />;
  }
}
