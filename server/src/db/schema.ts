// Table types. Booleans are stored as 0/1 integers and times as ISO-8601 UTC text on both
// dialects, so one migration set and one set of queries serve SQLite and PostgreSQL.
// Repositories convert rows at their boundary; these shapes never reach clients.
// One file a table group in tables/; the Database type assembles them, and the table types are
// re-exported here so a repository imports every row shape from one place.
import type { CalendarOauthStatesTable, ExtensionTokensTable, SessionsTable, UsersTable } from './tables/accounts.js';
import type { AccountDeletionCodesTable, EmailChangeCodesTable, LoginUnlockCodesTable, PasswordResetCodesTable, VerificationCodesTable } from './tables/email-codes.js';
import type { ImportItemsTable, ImportsTable, RecommendationQuotaTable, RecommendationsTable, UserFavouritesTable, WatchlistTable } from './tables/history.js';
import type { HouseholdInvitesTable, HouseholdsTable, TogetherPicksTable, TogetherRatingsTable } from './tables/household.js';
import type { CatalogMetaTable, CatalogSyncItemsTable, PlatformsTable, TitleAvailabilityTable, TitlesTable, TitleTranslationsTable } from './tables/catalog.js';
import type { PaymentOrdersTable, ProcessedEventsTable } from './tables/billing.js';
import type { SyncEventsTable, UserLibraryTable } from './tables/sync.js';
import type { ConnectionDeviceCodesTable, ConnectionsTable } from './tables/connections.js';
import type { AnalyticsEventsTable, AppSecretsTable, CoLikeTablesTable, DeliveriesTable, DeliveryScheduleTable, FeedbackTable, HealthProbeTable, JobLeasesTable, RateLimitHitsTable } from './tables/operations.js';

export type { CalendarOauthStatesTable, ExtensionTokensTable, SessionsTable, UsersTable };
export type { AccountDeletionCodesTable, EmailChangeCodesTable, LoginUnlockCodesTable, PasswordResetCodesTable, VerificationCodesTable };
export type { ImportItemsTable, ImportsTable, RecommendationsTable, WatchlistTable };
export type { HouseholdInvitesTable, HouseholdsTable, TogetherPicksTable, TogetherRatingsTable };
export type { PlatformsTable, TitleAvailabilityTable, TitlesTable, TitleTranslationsTable };
export type { PaymentOrdersTable };
export type { DeliveriesTable };

export interface Database {
  users: UsersTable;
  verification_codes: VerificationCodesTable;
  login_unlock_codes: LoginUnlockCodesTable;
  sessions: SessionsTable;
  password_reset_codes: PasswordResetCodesTable;
  email_change_codes: EmailChangeCodesTable;
  rate_limit_hits: RateLimitHitsTable;
  analytics_events: AnalyticsEventsTable;
  app_secrets: AppSecretsTable;
  health_probe: HealthProbeTable;
  platforms: PlatformsTable;
  titles: TitlesTable;
  title_availability: TitleAvailabilityTable;
  title_translations: TitleTranslationsTable;
  catalog_meta: CatalogMetaTable;
  recommendations: RecommendationsTable;
  recommendation_quota: RecommendationQuotaTable;
  user_favourites: UserFavouritesTable;
  payment_orders: PaymentOrdersTable;
  processed_events: ProcessedEventsTable;
  calendar_oauth_states: CalendarOauthStatesTable;
  extension_tokens: ExtensionTokensTable;
  feedback: FeedbackTable;
  deliveries: DeliveriesTable;
  catalog_sync_items: CatalogSyncItemsTable;
  job_leases: JobLeasesTable;
  account_deletion_codes: AccountDeletionCodesTable;
  imports: ImportsTable;
  import_items: ImportItemsTable;
  watchlist: WatchlistTable;
  households: HouseholdsTable;
  household_invites: HouseholdInvitesTable;
  together_picks: TogetherPicksTable;
  together_ratings: TogetherRatingsTable;
  sync_events: SyncEventsTable;
  user_library: UserLibraryTable;
  connections: ConnectionsTable;
  delivery_schedule: DeliveryScheduleTable;
  co_like_tables: CoLikeTablesTable;
  connection_device_codes: ConnectionDeviceCodesTable;
}
