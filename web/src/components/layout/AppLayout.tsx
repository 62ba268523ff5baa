import { SWRConfig } from 'swr';
import { SignedInLayout } from './SignedInLayout';
import '../../styles/app.css';

/** The SWR cache of the signed-in pages lives as long as this layout: a new sign-in starts empty. */
const swrOptions = { provider: () => new Map(), shouldRetryOnError: false, revalidateOnFocus: false };

export function AppLayout() {
  return (
    <SWRConfig value={swrOptions}>
      <SignedInLayout />
    </SWRConfig>
  );
}
