/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { FeedbackForm } from './FeedbackForm';
import { Modal } from '../common/Modal';

/** The feedback widget's dialog: its own chunk, loaded when the widget is first opened. */
export function FeedbackDialog({ email, onClose }: { email: string; onClose: () => void }) {
  return (
    <Modal title="Send feedback" onClose={onClose}>
      <FeedbackForm defaultEmail={email} />
    </Modal>
  );
}
