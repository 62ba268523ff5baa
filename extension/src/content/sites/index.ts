// One reader per site; the badge picks the reader of the site it runs on.
import type { BrowseSiteId } from '../../lib/browse-sites';
import type { SiteReader } from './common';
import { readDisneyPlus } from './disney-plus';
import { readHotstar } from './hotstar';
import { readMax } from './max';
import { readNetflix } from './netflix';
import { readPrimeVideo } from './prime-video';

export const READERS: Record<BrowseSiteId, SiteReader> = {
  netflix: readNetflix,
  'prime-video': readPrimeVideo,
  'disney-plus': readDisneyPlus,
  max: readMax,
  hotstar: readHotstar,
};
