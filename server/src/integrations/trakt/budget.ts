// A client-side budget of GET requests per Trakt user, under Trakt's AUTHED_API_GET_LIMIT (1,000
// GETs every 5 minutes, docs.trakt.tv "Rate Limits"): a sliding window of the last `limit` request
// times. Asking before each GET means a pull runs out of its own budget and stops with a wait,
// rather than spend Trakt's and earn 429s for every other request of that user.

export const TRAKT_GET_LIMIT = 900;
export const TRAKT_GET_WINDOW_MS = 5 * 60_000;

export class GetBudget {
  /** Times of the requests in the window, oldest first; never longer than `limit`. */
  private readonly times: number[] = [];

  constructor(
    private readonly limit = TRAKT_GET_LIMIT,
    private readonly windowMs = TRAKT_GET_WINDOW_MS,
  ) {}

  /** Takes one request at `now`: 0 when taken, else the milliseconds until one is free (nothing taken). */
  take(now: number): number {
    while (this.times.length > 0 && this.times[0] <= now - this.windowMs) this.times.shift();
    if (this.times.length >= this.limit) return this.times[0] + this.windowMs - now;
    this.times.push(now);
    return 0;
  }
}

/** One budget per Trakt user, kept for as long as the adapter (one per server); at most `max` users held. */
export class GetBudgets {
  private readonly byUser = new Map<string, GetBudget>();

  constructor(
    private readonly limit = TRAKT_GET_LIMIT,
    private readonly windowMs = TRAKT_GET_WINDOW_MS,
    private readonly max = 10_000,
  ) {}

  of(user: string): GetBudget {
    let budget = this.byUser.get(user);
    if (!budget) {
      // The oldest user's window is the likeliest to be over already: dropping it costs nothing.
      if (this.byUser.size >= this.max) this.byUser.delete(this.byUser.keys().next().value!);
      budget = new GetBudget(this.limit, this.windowMs);
      this.byUser.set(user, budget);
    }
    return budget;
  }
}
