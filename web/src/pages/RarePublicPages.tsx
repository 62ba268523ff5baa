import { Route, Routes } from 'react-router';
import { NotFoundPage } from './NotFoundPage';
import { UnsubscribePage } from './UnsubscribePage';
import { AboutPage } from './AboutPage';
import { AccountDeletedPage } from './AccountDeletedPage';

/** The public paths the entry's route table leaves to this chunk: /unsubscribe, /about, /account-deleted, and not found. */
export function RarePublicPages() {
  return (
    <Routes>
      <Route path="unsubscribe" element={<UnsubscribePage />} />
      <Route path="about" element={<AboutPage />} />
      <Route path="account-deleted" element={<AccountDeletedPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
