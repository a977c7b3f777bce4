import { useEffect } from 'react';
import type { ScreenId } from '../stores/navigation-store';
import { useNotificationsStore } from '../stores/notifications-store';

/**
 * The badge counts deposits the user has not looked at: it goes when Home or History is on screen in a
 * visible window (now, when a deposit arrives while they are, or when the window comes back into view).
 */
export function useDepositsSeen(screen: ScreenId): void {
  const unseen = useNotificationsStore((state) => state.unseen);
  useEffect(() => {
    const looking = screen === 'home' || screen === 'history';
    if (!looking) return;
    const clearIfVisible = () => {
      if (document.visibilityState === 'visible' && useNotificationsStore.getState().unseen > 0)
        void useNotificationsStore.getState().markSeen();
    };
    clearIfVisible();
    document.addEventListener('visibilitychange', clearIfVisible);
    return () => document.removeEventListener('visibilitychange', clearIfVisible);
  }, [screen, unseen]);
}
