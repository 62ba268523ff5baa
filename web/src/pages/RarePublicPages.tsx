import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from './NotFoundPage';
import { UnsubscribePage } from './UnsubscribePage';
import { AboutPage } from './AboutPage';

/** The public paths the entry's route table leaves to this chunk: /unsubscribe, /about, and not found. */
export function RarePublicPages() {
  return (
    <Routes>
      <Route path="unsubscribe" element={<UnsubscribePage />} />
      <Route path="about" element={<AboutPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
