import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../i18n/useT';

/**
 * A modal on the native <dialog>: focus trap, Escape and the backdrop come from the browser. Closing
 * it (unmounting) gives focus back to the element that had it when it opened (the button that
 * opened it), as a keyboard or screen-reader user expects, instead of leaving it on <body>.
 */
export function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Read once, as it first renders (kept across StrictMode's second run of the effect, when the
  // focus is already inside the dialog).
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null));
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    }
    // The opener may be gone (a closed menu held it): then there is nothing sensible to return to.
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, [opener]);
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      <div className="modal-body">
        <div className="modal-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" aria-label={t('common.modal.close')} onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
