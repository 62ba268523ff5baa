import { Suspense, useState } from 'react';
import { lazyNamed } from '../../lazyNamed';
import { createPortal } from 'react-dom';
import { useSession } from '../../api/ServicesContext';
import { Icon } from '../common/Icon';
import { useT } from '../../i18n/useT';

const FeedbackDialog = lazyNamed(() => import('./FeedbackDialog'), 'FeedbackDialog');

/**
 * The feedback widget of every signed-in page: an entry in the header's navigation (in the menu on
 * narrow screens), never floating over the page. The dialog is portalled to <body>, so it stays
 * open when the menu that held the button closes. Its code loads when it is first opened.
 */
export function FeedbackWidget({ onOpen }: { onOpen?: () => void }) {
  const t = useT();
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
        <Icon name="chat" /> {t('feedback.widget.open')}
      </button>
      {open &&
        createPortal(
          <Suspense fallback={null}>
            <FeedbackDialog email={user?.email ?? ''} onClose={() => setOpen(false)} />
          </Suspense>,
          document.body,
        )}
    </>
  );
}
