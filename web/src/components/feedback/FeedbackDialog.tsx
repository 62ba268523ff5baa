import { FeedbackForm } from './FeedbackForm';
import { Modal } from '../common/Modal';
import { useT } from '../../i18n/useT';

/** The feedback widget's dialog: its own chunk, loaded when the widget is first opened. */
export function FeedbackDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const t = useT();
  return (
    <Modal title={t('feedback.dialog.title')} onClose={onClose}>
      <FeedbackForm defaultEmail={email} />
    </Modal>
  );
}
