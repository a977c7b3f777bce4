import { t } from '../i18n/text';

/**
 * What a clock that is off means for the user, in whole sentences (security.md 37). The app itself signs in
 * on the service's clock; a six-digit code from an authenticator on this computer follows the computer's
 * clock, and the service refuses codes from a time step too far from its own.
 */
export function clockOffWords(aheadSeconds: number): string {
  return `${offsetSentence(aheadSeconds)} ${t('money.clock.consequence')}`;
}

function offsetSentence(aheadSeconds: number): string {
  const ahead = aheadSeconds > 0;
  const minutes = Math.max(1, Math.round(Math.abs(aheadSeconds) / 60));
  if (minutes < 60) return t(ahead ? 'money.clock.minutesAhead' : 'money.clock.minutesBehind', { count: minutes });
  const hours = Math.round(minutes / 60);
  return t(ahead ? 'money.clock.hoursAhead' : 'money.clock.hoursBehind', { count: hours });
}
