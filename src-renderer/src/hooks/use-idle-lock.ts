import { useEffect } from 'react';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

/** Calls `onIdle` once after `minutes` without keyboard, mouse or touch input in the window. */
export function useIdleLock(minutes: number | null, onIdle: () => void): void {
  useEffect(() => {
    if (minutes === null) return;
    const delay = minutes * 60_000;
    let timer = window.setTimeout(onIdle, delay);
    const restart = (): void => {
      window.clearTimeout(timer);
      timer = window.setTimeout(onIdle, delay);
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, restart, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, restart);
    };
  }, [minutes, onIdle]);
}
