// Running the service: scheduled deliveries, job leases, rate limits, analytics, feedback, secrets, the health probe.
// Shapes as stored: booleans 0/1, times ISO-8601 UTC text (see ../schema.ts).
import type { Generated } from 'kysely';

export interface DeliveriesTable {
  id: string;
  user_id: string;
  /** YYYY-MM-DD on the user's wall calendar; unique per user. */
  local_date: string;
  due_at: string;
  /** pending | sent | skipped | failed */
  status: string;
  /** recommendation | upgrade */
  kind: string | null;
  attempts: number;
  lease_until: string | null;
  recommendation_id: string | null;
  email_sent_at: string | null;
  calendar_event_id: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export interface JobLeasesTable {
  name: string;
  holder: string | null;
  lease_until: string | null;
  /** YYYY-MM-DD (UTC) of the last finished run. */
  last_run_date: string | null;
  last_error: string | null;
  updated_at: string;
}

export interface RateLimitHitsTable {
  bucket: string;
  window_start: string;
  hits: number;
}

export interface AnalyticsEventsTable {
  id: Generated<number>;
  user_id: string | null;
  name: string;
  path: string | null;
  properties: string | null;
  created_at: string;
}

export interface FeedbackTable {
  id: Generated<number>;
  rating: number;
  comment: string;
  email: string | null;
  page_url: string | null;
  user_agent: string | null;
  created_at: string;
}

export interface AppSecretsTable {
  name: string;
  value: string;
}

/** One row rewritten by /healthz to prove writes still work. */
export interface HealthProbeTable {
  id: string;
  checked_at: string;
}

/** A scheduled user's next delivery instant (ISO UTC), one row while scheduled delivery is on (0033). */
export interface DeliveryScheduleTable {
  user_id: string;
  next_at: string;
  updated_at: string;
}

/** One build of the co-like neighbours, shared by every instance (0034); the newest id serves. */
export interface CoLikeTablesTable {
  id: Generated<number>;
  built_at: string;
  catalog_version: number;
  rows: number;
  users: number;
  build_ms: number;
  /** The encoded NeighbourTable. */
  data: Uint8Array;
}
