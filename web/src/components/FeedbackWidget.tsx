import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useSession } from '../api/ServicesContext';
import { FeedbackForm } from './FeedbackForm';
import { Modal } from './Modal';
import { Icon } from './Icon';

/**
 * The feedback widget of every signed-in page: an entry in the header's navigation (in the menu on
 * narrow screens), never floating over the page. The dialog is portalled to <body>, so it stays
 * open when the menu that held the button closes.
 */
export function FeedbackWidget({ onOpen }: { onOpen?: () => void }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="nav-link nav-button"
        onClick={() => {
          setOpen(true);
          onOpen?.();
        }}
      >
        <Icon name="chat" /> Feedback
      </button>
      {open &&
        createPortal(
          <Modal title="Send feedback" onClose={() => setOpen(false)}>
            <FeedbackForm defaultEmail={user?.email ?? ''} />
          </Modal>,
          document.body,
        )}
    </>
  );
}
