/**
 * How far the computer's clock is off the service's, as last measured (security.md 37). A sign-in is
 * judged on the service's own clock, so an offset never locks anyone out; it is kept to tell the user,
 * because two-factor codes from an authenticator on this computer follow the computer's clock, and to
 * tell openid-client, which checks an ID token's expiry against the process clock.
 */
export interface ServiceClock {
  /** The service's time less the app's, in milliseconds; null until something was measured. */
  offsetMs(): number | null;
  /** A time the service stated (an ID token's iat, a Date header), seen at `localMs` on the app's clock. */
  observe(serviceMs: number, localMs: number): void;
  /** Reads an HTTP Date header (IMF-fixdate); anything that is not a date is ignored. */
  observeDateHeader(header: string | null, localMs: number): void;
  /** Forgets the measurement (another environment is another service). */
  reset(): void;
  onChange(listener: () => void): () => void;
}

/** Beyond this the user is told: the service's own stamps have second resolution and travel a while. */
export const CLOCK_OFF_NOTICE_SECONDS = 60;

export function createServiceClock(): ServiceClock {
  let offset: number | null = null;
  const listeners = new Set<() => void>();

  function set(next: number | null): void {
    const before = noticeSeconds(offset);
    offset = next;
    if (noticeSeconds(offset) !== before) for (const listener of listeners) listener();
  }

  return {
    offsetMs: () => offset,
    observe(serviceMs, localMs) {
      if (!Number.isFinite(serviceMs) || !Number.isFinite(localMs)) return;
      set(serviceMs - localMs);
    },
    observeDateHeader(header, localMs) {
      if (header === null) return;
      const serviceMs = Date.parse(header);
      if (Number.isNaN(serviceMs)) return;
      set(serviceMs - localMs);
    },
    reset() {
      set(null);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The offset in whole seconds when it is worth telling the user (more than a minute either way), else
 * undefined: positive when the computer's clock is behind the service's.
 */
export function noticeSeconds(offsetMs: number | null): number | undefined {
  if (offsetMs === null) return undefined;
  const seconds = Math.round(offsetMs / 1000);
  return Math.abs(seconds) > CLOCK_OFF_NOTICE_SECONDS ? seconds : undefined;
}
