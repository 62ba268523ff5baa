// The in-process scheduler: a pass at start (catching up what was missed today while the server
// was down) and one a minute. Each instance runs its own; the deliveries table keeps them from
// delivering anything twice. A pass still running when the next tick comes is not doubled.
import type { AppContext } from '../context.js';
import type { AppServices } from '../services.js';
import { runDueDeliveries } from './run-deliveries.js';

export const TICK_MS = 60_000;

export interface Scheduler {
  /** Stops the ticks and waits for a pass in progress. */
  stop(): Promise<void>;
}

export function startScheduler(ctx: AppContext, services: Pick<AppServices, 'catalog'>, intervalMs = TICK_MS): Scheduler {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = runDueDeliveries(ctx, services, ctx.clock.now())
      .then(
        (summary) => {
          if (summary.claimed || summary.errors) ctx.logger.info({ deliveries: summary }, 'scheduled deliveries');
        },
        (err: unknown) => ctx.logger.error({ err }, 'scheduled delivery pass failed'),
      )
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  ctx.logger.info({ everyMs: intervalMs }, 'scheduler started');
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
