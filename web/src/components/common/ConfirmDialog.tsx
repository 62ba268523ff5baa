import type { ReactNode } from 'react';
import { Modal } from './Modal';

interface Props {
  title: string;
  /** What confirming does (and any error of the last try), above the two buttons. */
  children: ReactNode;
  /** The way out, first so it is not the button pressed by habit: "Cancel", "Keep it". */
  cancelLabel: string;
  confirmLabel: string;
  /** The confirm button's text while the action runs (it is disabled meanwhile). */
  busyLabel: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** A question before a destructive action: a modal with a way out and a danger button. */
export function ConfirmDialog({ title, children, cancelLabel, confirmLabel, busyLabel, busy, onCancel, onConfirm }: Props) {
  return (
    <Modal title={title} onClose={onCancel}>
      {children}
      <div className="modal-actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className="btn btn-danger" disabled={busy} onClick={onConfirm}>
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
