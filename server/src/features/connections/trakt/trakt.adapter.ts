// Trakt as a connected app (issue 37): connected by Trakt's OAuth device flow (the code and the
// address shown in Settings), then pulled from /sync/last_activities on (trakt-pull.ts) and,
// when the user opts in, sent our likes, dislikes and watched titles (trakt-push.ts).
import type { Config } from '../../../config.js';
import { ConnectionError, type Connected, type ConnectionAdapter, type DeviceCode, type PullContext } from '../adapter.js';
import { TraktClient, type TraktClientOptions } from '../../../integrations/trakt/client.js';
import { GetBudgets } from '../../../integrations/trakt/budget.js';
import type { TraktSettings } from '../../../integrations/trakt/types.js';
import { DEFAULT_PULL_LIMITS, pullTrakt, type PullLimits } from './trakt-pull.js';
import { pushTrakt } from './trakt-push.js';
import { credentialsOf, TraktSession, worded } from './trakt-session.js';

export interface TraktAdapterOptions extends Omit<TraktClientOptions, 'signal'> {
  limits?: Partial<PullLimits>;
  /** The per-user GET budgets (tests pass a small one). */
  budgets?: GetBudgets;
}

const DEVICE_REFUSED = {
  invalid: 'That Trakt code is not one Trakt knows; start again',
  used: 'That Trakt code was already used; start again',
  expired: 'The Trakt code expired before it was entered; start again',
  denied: 'Trakt says you declined; start again to connect',
} as const;

export function createTraktAdapter(options: TraktAdapterOptions): ConnectionAdapter {
  const limits: PullLimits = { ...DEFAULT_PULL_LIMITS, ...options.limits };
  const budgets = options.budgets ?? new GetBudgets();
  const clientFor = (ctx: PullContext) => new TraktClient({ ...options, signal: ctx.signal });
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      throw worded(err);
    }
  };

  return {
    kind: 'trakt',

    connect(): Promise<Connected> {
      return Promise.reject(new ConnectionError('Trakt connects with a code: use "Connect" in Settings to get one', 'refused'));
    },

    deviceStart(ctx): Promise<DeviceCode> {
      return guarded(async () => {
        const d = await clientFor(ctx).deviceCode();
        return { deviceCode: d.device_code, userCode: d.user_code, verificationUrl: d.verification_url, expiresIn: d.expires_in, interval: d.interval };
      });
    },

    devicePoll(deviceCode, ctx): Promise<Connected | 'pending'> {
      return guarded(async () => {
        const client = clientFor(ctx);
        const answer = await client.deviceToken(deviceCode);
        // 429 is Trakt's "slow down": still waiting for the user, polled too often.
        if (answer === 'pending' || answer === 'slow_down') return 'pending';
        if (typeof answer === 'string') throw new ConnectionError(DEVICE_REFUSED[answer], 'refused');
        const token = answer.access_token;
        const settings = (await client.get<unknown>('/users/settings', {}, token)).body as TraktSettings;
        const user = settings?.user;
        const slug = user?.ids?.slug ?? user?.username ?? 'trakt';
        return { credentials: { ...credentialsOf(answer, slug, ctx.now) }, accountName: user?.username ?? user?.name ?? slug };
      });
    },

    pull(credentials, cursor, ctx) {
      return guarded(async () => {
        const client = clientFor(ctx);
        const session = new TraktSession(client, credentials, ctx.now, budgets.of(String(credentials.user)));
        return pullTrakt(client, session, cursor, limits);
      });
    },

    push(credentials, items, ctx) {
      return guarded(async () => {
        const client = clientFor(ctx);
        const session = new TraktSession(client, credentials, ctx.now, budgets.of(String(credentials.user)));
        await pushTrakt(client, session, items);
        return { credentials: session.changed ? { ...session.credentials } : undefined };
      });
    },
  };
}

/** Trakt's adapter when TRAKT_CLIENT_ID and TRAKT_CLIENT_SECRET are set; null: Trakt is not offered. */
export function traktAdapterFor(config: Config): ConnectionAdapter | null {
  const { clientId, clientSecret, apiUrl } = config.trakt;
  return clientId && clientSecret ? createTraktAdapter({ apiUrl, clientId, clientSecret }) : null;
}
