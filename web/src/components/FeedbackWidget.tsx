import { useState } from 'react';
import { useSession } from '../api/ServicesContext';
import { FeedbackForm } from './FeedbackForm';
import { Modal } from './Modal';
import { Icon } from './Icon';

/** The feedback button on every signed-in page. */
export function FeedbackWidget() {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="feedback-fab" onClick={() => setOpen(true)}>
        <Icon name="chat" /> Feedback
      </button>
      {open && (
        <Modal title="Send feedback" onClose={() => setOpen(false)}>
          <FeedbackForm defaultEmail={user?.email ?? ''} />
        </Modal>
      )}
    </>
  );
}
