import { useText } from '../../i18n/use-text';
import { useSendStore } from '../../stores/send-store';
import { RoleNotice, useMoneyRole } from './role-notice';
import { SendForm } from './send-form';
import { SendOutcomePanel } from './send-outcome';
import { SendReviewPanel } from './send-review';
import { ClosedSends, UnresolvedSends } from './unresolved-sends';

/** Send: details and fee → review with the two-factor code → result, or "outcome unknown" and a status check. */
export function SendScreen(): React.JSX.Element {
  const step = useSendStore((state) => state.step);
  const role = useMoneyRole('send');
  const t = useText();
  return (
    <section aria-labelledby="send-title" className="screen send-screen">
      <h2 id="send-title">{t('send.title')}</h2>
      {role.explanation && <RoleNotice explanation={role.explanation} />}
      {/* On the review too: a move lost after this one was confirmed must be acknowledged before it leaves. */}
      {(step === 'form' || step === 'review') && role.allowed && <UnresolvedSends />}
      {step === 'form' && <SendForm disabled={!role.allowed} />}
      {step === 'form' && role.allowed && <ClosedSends />}
      {step === 'review' && <SendReviewPanel />}
      {(step === 'result' || step === 'unknown') && <SendOutcomePanel />}
    </section>
  );
}
