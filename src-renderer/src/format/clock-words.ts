/**
 * What a clock that is off means for the user, in whole sentences (security.md 37). The app itself signs in
 * on the service's clock; a six-digit code from an authenticator on this computer follows the computer's
 * clock, and the service refuses codes from a time step too far from its own.
 */
export function clockOffWords(aheadSeconds: number): string {
  return `${offsetSentence(aheadSeconds)} ${CONSEQUENCE}`;
}

const CONSEQUENCE =
  "Two-factor codes from an authenticator on this computer may be refused. Use the authenticator on your phone, or correct the computer's clock.";

function offsetSentence(aheadSeconds: number): string {
  const ahead = aheadSeconds > 0;
  const minutes = Math.max(1, Math.round(Math.abs(aheadSeconds) / 60));
  if (minutes < 60) {
    if (minutes === 1)
      return ahead
        ? "Your computer's clock is about a minute ahead of the service's."
        : "Your computer's clock is about a minute behind the service's.";
    return ahead
      ? `Your computer's clock is about ${String(minutes)} minutes ahead of the service's.`
      : `Your computer's clock is about ${String(minutes)} minutes behind the service's.`;
  }
  const hours = Math.round(minutes / 60);
  if (hours === 1)
    return ahead
      ? "Your computer's clock is about an hour ahead of the service's."
      : "Your computer's clock is about an hour behind the service's.";
  return ahead
    ? `Your computer's clock is about ${String(hours)} hours ahead of the service's.`
    : `Your computer's clock is about ${String(hours)} hours behind the service's.`;
}
