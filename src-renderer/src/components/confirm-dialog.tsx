import { useId } from 'react';
import { useModalDialog } from '../hooks/use-modal-dialog';
import { useText } from '../i18n/use-text';

export interface ConfirmDialogProps {
  readonly title: string;
  /** What happens if the user goes ahead, in words. */
  readonly body: string;
  /** Names the action, e.g. "Replace signing key" (never a bare "OK"). */
  readonly confirmLabel: string;
  readonly busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * Asks before something that cannot be undone. A modal native <dialog> with the alertdialog role: focus is
 * kept inside it, Escape cancels, and focus starts on Cancel (the choice that loses nothing) and goes back
 * to the control that opened it.
 */
export function ConfirmDialog(props: ConfirmDialogProps): React.JSX.Element {
  const ref = useModalDialog();
  const titleId = useId();
  const bodyId = useId();
  const t = useText();

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        // Escape: closed by the component that owns the state, so the opener gets focus back.
        event.preventDefault();
        props.onCancel();
      }}
    >
      <h3 id={titleId}>{props.title}</h3>
      <p id={bodyId}>{props.body}</p>
      <div className="row">
        <button type="button" className="secondary" onClick={props.onCancel} autoFocus>
          {t('money.dialog.cancel')}
        </button>
        <button type="button" className="primary" disabled={props.busy === true} onClick={props.onConfirm}>
          {props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
