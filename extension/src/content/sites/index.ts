// One reader per site, and one per site's player page (lib/detect.ts says which pages those are;
// Prime Video has none); the badge picks the reader of the site and page it runs on.
import type { BrowseSiteId } from '../../lib/browse-sites';
import type { PlayerReader, SiteReader } from './common';
import { readDisneyPlus, readDisneyPlusPlayer } from './disney-plus';
import { readHotstar, readHotstarPlayer } from './hotstar';
import { readMax, readMaxPlayer } from './max';
import { readNetflix, readNetflixPlayer } from './netflix';
import { readPrimeVideo } from './prime-video';

export const READERS: Record<BrowseSiteId, SiteReader> = {
  netflix: readNetflix,
  'prime-video': readPrimeVideo,
  'disney-plus': readDisneyPlus,
  max: readMax,
  hotstar: readHotstar,
};

export const PLAYER_READERS: Partial<Record<BrowseSiteId, PlayerReader>> = {
  netflix: readNetflixPlayer,
  'disney-plus': readDisneyPlusPlayer,
  max: readMaxPlayer,
  hotstar: readHotstarPlayer,
};
