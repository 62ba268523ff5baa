// The connected apps' scheduled pulls (docs/operations.md, "Connected apps"): on each scheduler
// tick, up to PULLS_PER_TICK connections whose pull is due (every SYNC_INTERVAL, at once after a
// pull that stopped with more to read, after Retry-After when the app asked us to wait), each under
// its own lease (connections.sync_lease_until), so two instances never pull one connection at once.
// A connection whose key the app rejected is not scheduled again until the user reconnects.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.js';
import type { AppServices } from '../services.js';

/** Connections one tick pulls, one after another: the rest wait for the next tick. */
export const PULLS_PER_TICK = 20;

export async function runConnectionPulls(ctx: AppContext, services: Pick<AppServices, 'connections'>, opts: { holder?: string; signal?: AbortSignal } = {}) {
  const outcomes = await services.connections.runDue(opts.holder ?? randomUUID(), PULLS_PER_TICK, opts.signal);
  if (outcomes.done + outcomes.more + outcomes.failed + outcomes.lost > 0) ctx.logger.info({ pulls: outcomes }, 'connected apps pulled');
  return outcomes;
}
