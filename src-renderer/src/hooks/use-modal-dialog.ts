import { useEffect, useRef } from 'react';

/**
 * Opens a native <dialog> as modal for as long as the component is mounted: the browser keeps focus inside
 * it and marks the rest of the page inert. On unmount it closes and focus goes back to whatever opened it,
 * so a keyboard user continues where they were.
 */
export function useModalDialog(): React.RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      opener?.focus();
    };
  }, []);
  return ref;
}
