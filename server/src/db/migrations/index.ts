// One versioned migration set for both dialects. Append new migrations; never edit a shipped one.
import type { Migration } from './migration.js';
import { accounts } from './0001_accounts.js';
import { catalog } from './0002_catalog.js';
import { recommendations } from './0003_recommendations.js';
import { userFavourites } from './0004_user_favourites.js';
import { payments } from './0005_payments.js';
import { calendar } from './0006_calendar.js';
import { extensionTokens } from './0007_extension_tokens.js';
import { feedback } from './0008_feedback.js';
import { deliveries } from './0009_deliveries.js';
import { coLikes } from './0010_co_likes.js';
import { freeReplacements } from './0012_free_replacements.js';
import { healthProbe } from './0013_health_probe.js';
import { loginUnlockCodes } from './0016_login_unlock_codes.js';
import { catalogSources } from './0017_catalog_sources.js';
import { catalogSync } from './0018_catalog_sync.js';
import { sessions } from './0020_sessions.js';
import { accountData } from './0021_account_data.js';
import { tasteLibrary } from './0022_taste_library.js';
import { tasteRevision } from './0023_taste_revision.js';
import { titleEpisodes } from './0024_title_episodes.js';
import { tonightConstraints } from './0025_tonight_constraints.js';
import { households } from './0026_households.js';
import { codesPerBrowser } from './0027_codes_per_browser.js';
import { pickNotices } from './0028_pick_notices.js';
import { platformCountries } from './0029_platform_countries.js';
import { sync } from './0030_sync.js';
import { connections } from './0031_connections.js';
import { watchedOn } from './0032_watched_on.js';
import { growth } from './0033_growth.js';
import { coLikeTables } from './0034_co_like_tables.js';
import { perUserIndexes } from './0035_per_user_indexes.js';
import { uiLanguage } from './0036_ui_language.js';
import { titleTranslations } from './0037_title_translations.js';

export type { Dialect } from './migration.js';

export const migrations: Record<string, Migration> = {
  '0001_accounts': accounts,
  '0002_catalog': catalog,
  '0003_recommendations': recommendations,
  '0004_user_favourites': userFavourites,
  '0005_payments': payments,
  '0006_calendar': calendar,
  '0007_extension_tokens': extensionTokens,
  '0008_feedback': feedback,
  '0009_deliveries': deliveries,
  '0010_co_likes': coLikes,
  '0012_free_replacements': freeReplacements,
  '0013_health_probe': healthProbe,
  '0016_login_unlock_codes': loginUnlockCodes,
  '0017_catalog_sources': catalogSources,
  '0018_catalog_sync': catalogSync,
  '0020_sessions': sessions,
  '0021_account_data': accountData,
  '0022_taste_library': tasteLibrary,
  '0023_taste_revision': tasteRevision,
  '0024_title_episodes': titleEpisodes,
  '0025_tonight_constraints': tonightConstraints,
  '0026_households': households,
  '0027_codes_per_browser': codesPerBrowser,
  '0028_pick_notices': pickNotices,
  '0029_platform_countries': platformCountries,
  '0030_sync': sync,
  '0031_connections': connections,
  '0032_watched_on': watchedOn,
  '0033_growth': growth,
  '0034_co_like_tables': coLikeTables,
  '0035_per_user_indexes': perUserIndexes,
  '0036_ui_language': uiLanguage,
  '0037_title_translations': titleTranslations,
};
