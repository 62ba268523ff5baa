// The server's own counters, kept in memory and written out in Prometheus's text exposition
// format (https://prometheus.io/docs/instrumenting/exposition_formats/) by /metrics
// (docs/operations.md, "Metrics"). Written here rather than with prom-client: a handful of
// counters, one histogram and a few gauges need no dependency. Counting is O(1): nested Maps keyed
// by label values, so a request allocates no label string.
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** Seconds; Prometheus client libraries' default buckets. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** How a pick came to be issued. */
export type PickIssue = 'first' | 'next' | 'free_replacement';
/** Who asked for it: the user (the API, the extension) or the scheduler (a delivery). */
type PickVia = 'api' | 'scheduled';
type SchedulerJob = 'deliveries' | 'catalog-sync';

interface Timing {
  /** Requests whose duration fell in each bucket alone (not yet cumulative). */
  buckets: number[];
  sum: number;
  count: number;
}

interface RouteStats {
  /** status -> count */
  statuses: Map<number, number>;
  timing: Timing;
}

function bump<K>(map: Map<K, number>, key: K, by = 1): void {
  map.set(key, (map.get(key) ?? 0) + by);
}

/** Escapes a label value (backslash, double quote, newline), as the format requires. */
function label(value: string): string {
  return value.replace(/[\\"\n]/g, (c) => (c === '\n' ? '\\n' : `\\${c}`));
}

function num(n: number): string {
  return Number.isFinite(n) ? String(n) : n > 0 ? '+Inf' : n < 0 ? '-Inf' : 'NaN';
}

export interface CatalogSnapshot {
  titles: number;
  platforms: number;
}

export class Metrics {
  private readonly started = Date.now();
  /** method -> route template -> stats */
  private readonly http = new Map<string, Map<string, RouteStats>>();
  private readonly picks = new Map<PickIssue, Map<PickVia, number>>();
  private together = 0;
  private readonly refusals = new Map<'limit' | 'expired', number>();
  private readonly runs = new Map<SchedulerJob, number>();
  private readonly failures = new Map<SchedulerJob, number>();
  private readonly sync = { done: 0, queued: 0, lastSuccess: 0 };
  private loopDelay: IntervalHistogram | null = null;

  /** Samples the event loop's delay from now on (a native timer; only when metrics are served). */
  watchEventLoop(): void {
    if (this.loopDelay) return;
    this.loopDelay = monitorEventLoopDelay({ resolution: 20 });
    this.loopDelay.enable();
  }

  stop(): void {
    this.loopDelay?.disable();
  }

  /** One finished HTTP request; `route` is the matched route's template or "unmatched". */
  request(method: string, route: string, status: number, seconds: number): void {
    let routes = this.http.get(method);
    if (!routes) this.http.set(method, (routes = new Map()));
    let stats = routes.get(route);
    if (!stats) routes.set(route, (stats = { statuses: new Map(), timing: { buckets: DURATION_BUCKETS.map(() => 0), sum: 0, count: 0 } }));
    bump(stats.statuses, status);
    const t = stats.timing;
    t.sum += seconds;
    t.count++;
    // One bucket per request (the first that holds it); render() adds them up into le="..." counts.
    let i = 0;
    while (i < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[i]) i++;
    if (i < DURATION_BUCKETS.length) t.buckets[i]++;
  }

  pickIssued(issue: PickIssue, via: PickVia): void {
    let byVia = this.picks.get(issue);
    if (!byVia) this.picks.set(issue, (byVia = new Map()));
    bump(byVia, via);
  }

  /** A pick for two, counted once (for the member who asked), as the plan counts it. */
  togetherPickIssued(): void {
    this.together++;
  }

  quotaRefused(expired: boolean): void {
    bump(this.refusals, expired ? 'expired' : 'limit');
  }

  schedulerRun(job: SchedulerJob, failed: boolean): void {
    bump(this.runs, job);
    if (failed) bump(this.failures, job);
    else this.failures.set(job, this.failures.get(job) ?? 0);
  }

  /** The running TMDB sync's progress: titles done of those queued when it began. */
  syncProgress(done: number, queued: number): void {
    this.sync.done = done;
    this.sync.queued = queued;
  }

  syncQueued(): number {
    return this.sync.queued;
  }

  syncSucceeded(at: Date): void {
    this.sync.lastSuccess = at.getTime() / 1000;
  }

  /** The whole exposition; catalog: what the catalog in memory holds now. */
  render(catalog: CatalogSnapshot | null): string {
    const out: string[] = [];
    const family = (name: string, type: 'counter' | 'gauge' | 'histogram', help: string) => out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);

    family('http_requests_total', 'counter', 'HTTP requests answered, by method, route template (never the raw URL) and status.');
    for (const [method, routes] of this.http)
      for (const [route, stats] of routes)
        for (const [status, n] of stats.statuses) out.push(`http_requests_total{method="${label(method)}",route="${label(route)}",status="${status}"} ${n}`);

    family('http_request_duration_seconds', 'histogram', 'Time from receiving a request to the end of its answer, by method and route template.');
    for (const [method, routes] of this.http)
      for (const [route, { timing }] of routes) {
        const l = `method="${label(method)}",route="${label(route)}"`;
        let cumulative = 0;
        DURATION_BUCKETS.forEach((le, i) => out.push(`http_request_duration_seconds_bucket{${l},le="${le}"} ${(cumulative += timing.buckets[i])}`));
        out.push(`http_request_duration_seconds_bucket{${l},le="+Inf"} ${timing.count}`);
        out.push(`http_request_duration_seconds_sum{${l}} ${num(timing.sum)}`);
        out.push(`http_request_duration_seconds_count{${l}} ${timing.count}`);
      }

    family('picks_issued_total', 'counter', 'Recommendations issued: issue is first (none active), next, or free_replacement (of a pick the user could not use); via is api or scheduled.');
    for (const [issue, byVia] of this.picks) for (const [via, n] of byVia) out.push(`picks_issued_total{issue="${issue}",via="${via}"} ${n}`);

    family('together_picks_total', 'counter', 'Picks for two issued (POST /api/recommendations/together), one per pick, for the member who asked.');
    out.push(`together_picks_total ${this.together}`);

    family('quota_refusals_total', 'counter', "Picks refused by the plan (402): reason is limit (the week's picks are spent) or expired.");
    for (const [reason, n] of this.refusals) out.push(`quota_refusals_total{reason="${reason}"} ${n}`);

    family('scheduler_runs_total', 'counter', 'Background job runs that did work (a delivery pass; a catalog sync that took the lease).');
    for (const [job, n] of this.runs) out.push(`scheduler_runs_total{job="${job}"} ${n}`);
    family('scheduler_failures_total', 'counter', 'Background job runs that failed.');
    for (const [job, n] of this.failures) out.push(`scheduler_failures_total{job="${job}"} ${n}`);

    family('catalog_sync_titles', 'gauge', 'The TMDB sync on this instance: titles done and queued in its current or last run.');
    out.push(`catalog_sync_titles{state="done"} ${this.sync.done}`, `catalog_sync_titles{state="queued"} ${this.sync.queued}`);
    family('catalog_sync_last_success_timestamp_seconds', 'gauge', 'When a TMDB sync last finished on this instance (Unix seconds; 0: not since start).');
    out.push(`catalog_sync_last_success_timestamp_seconds ${this.sync.lastSuccess}`);
    if (catalog) {
      family('catalog_titles', 'gauge', 'Titles in the catalog this instance serves.');
      out.push(`catalog_titles ${catalog.titles}`);
      family('catalog_platforms', 'gauge', 'Streaming platforms in the catalog.');
      out.push(`catalog_platforms ${catalog.platforms}`);
    }

    const mem = process.memoryUsage();
    family('process_resident_memory_bytes', 'gauge', 'Resident memory size in bytes.');
    out.push(`process_resident_memory_bytes ${mem.rss}`);
    family('nodejs_heap_used_bytes', 'gauge', 'V8 heap in use, in bytes.');
    out.push(`nodejs_heap_used_bytes ${mem.heapUsed}`);
    family('process_start_time_seconds', 'gauge', 'When the process started (Unix seconds).');
    out.push(`process_start_time_seconds ${Math.round(this.started / 1000)}`);
    family('process_uptime_seconds', 'gauge', 'Seconds since the process started.');
    out.push(`process_uptime_seconds ${num((Date.now() - this.started) / 1000)}`);
    if (this.loopDelay) {
      // Nanoseconds in the histogram; the mean and p99 since start (minus the sampling resolution).
      const d = this.loopDelay;
      family('nodejs_eventloop_lag_mean_seconds', 'gauge', 'Mean event loop delay since start.');
      out.push(`nodejs_eventloop_lag_mean_seconds ${num(d.count ? d.mean / 1e9 : 0)}`);
      family('nodejs_eventloop_lag_p99_seconds', 'gauge', '99th percentile of the event loop delay since start.');
      out.push(`nodejs_eventloop_lag_p99_seconds ${num(d.count ? d.percentile(99) / 1e9 : 0)}`);
      family('nodejs_eventloop_lag_max_seconds', 'gauge', 'Longest event loop delay since start.');
      out.push(`nodejs_eventloop_lag_max_seconds ${num(d.count ? d.max / 1e9 : 0)}`);
    }
    return `${out.join('\n')}\n`;
  }
}

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';
