// Crash safety of payments: the real server process (main.ts on a SQLite file) is killed with
// SIGKILL while checkouts are created and webhooks delivered in a loop. After a restart every
// acknowledged event's upgrade must be there, no upgrade may exist without its event record (or
// the reverse), no order may be half-written, and Stripe's retries must finish the rest once.
import { describe, it, expect, afterAll } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase, migrateToLatest } from '../src/db/connection.js';
import { insertUser } from '../src/features/users/users.repository.js';
import { issueAccessToken } from '../src/features/auth/tokens.js';
import { createSession } from '../src/features/sessions/sessions.repository.js';
import { FAKE_STRIPE_API_VERSION, startFakeStripe, stripeEnv, type FakeStripe, type StripeEventObject } from './support/fake-stripe.js';

const SERVER_DIR = resolve(__dirname, '..');
const JWT_SECRET = 'crash-test-secret-'.padEnd(48, 'x');
const USERS = 40;
const KILL_AFTER_ACKS = 12;

interface Running {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

function startProcess(dataDir: string, stripe: FakeStripe): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      ...stripeEnv(stripe),
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}`,
      DATABASE_SCHEMA: '',
      JWT_SECRET,
      SMTP_URL: '',
      LOG_LEVEL: 'info',
      SCHEDULER: 'off',
    },
  });
  const exited = new Promise<number | null>((ok) => child.on('exit', (code) => ok(code)));
  let out = '';
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start: ${out.slice(-2000)}`)), 90_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /is listening on (http:\/\/[\d.]+:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        ok({ child, url: m[1], exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d) => (out += d.toString()));
    child.on('exit', (code) => fail(new Error(`server exited with ${code}: ${out.slice(-2000)}`)));
  });
}

describe('payments survive kill -9 (SQLite)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tp-pay-crash-'));
  let stripe: FakeStripe | null = null;
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await stripe?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('every acknowledged upgrade is kept, nothing is half-written, retries finish the rest once', async () => {
    stripe = await startFakeStripe();
    const fake = stripe;
    // Accounts are seeded with the repository: 40 password sign-ups would only measure scrypt.
    const seed = await openDatabase({ dialect: 'sqlite', path: join(dataDir, 'app.db') });
    await migrateToLatest(seed);
    const users: Array<{ id: string; token: string }> = [];
    for (let i = 0; i < USERS; i++) {
      const row = await insertUser(seed.db, { email: `crash${i}@example.test`, passwordHash: null, fullName: null, emailVerified: true, googleSub: null, now: new Date() });
      const session = await createSession(seed.db, row.id, null, new Date());
      users.push({ id: row.id, token: await issueAccessToken(JWT_SECRET, row.id, session.id, new Date()) });
    }
    await seed.close();

    const first = await startProcess(dataDir, fake);
    children.push(first.child);
    const delivered = new Map<string, StripeEventObject>(); // user id -> its completed event
    const acked = new Set<string>();
    let next = 0;
    let failures = 0;

    async function journey(user: { id: string; token: string }): Promise<void> {
      const r = await fetch(`${first.url}/api/subscription/create-order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
        body: JSON.stringify({ billing_period: 'lifetime' }),
      });
      if (r.status !== 200) throw new Error(`create-order ${r.status}`);
      const { order_id } = (await r.json()) as { order_id: string };
      const event = fake.event('checkout.session.completed', fake.markPaid(fake.sessionForOrder(order_id).id));
      delivered.set(user.id, event);
      const hook = await fake.deliver(`${first.url}/api/subscription/webhook`, event);
      if (hook.status === 200) acked.add(event.id);
    }
    async function worker(): Promise<void> {
      while (next < users.length) {
        const user = users[next++];
        await journey(user).catch(() => void failures++);
      }
    }
    // Stripe also redelivers: keep duplicate deliveries in flight, so the kill lands mid-write.
    let killed = false;
    async function replayer(): Promise<void> {
      while (!killed) {
        const sent = [...delivered.values()];
        if (sent.length === 0) await new Promise((r) => setTimeout(r, 5));
        else await fake.deliver(`${first.url}/api/subscription/webhook`, sent[Math.floor(Math.random() * sent.length)]).catch(() => undefined);
      }
    }
    const killer = (async () => {
      while (acked.size < KILL_AFTER_ACKS) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, Math.random() * 20));
      first.child.kill('SIGKILL');
      killed = true;
    })();
    await Promise.all([worker(), worker(), worker(), worker(), worker(), worker(), replayer(), replayer(), replayer(), killer]);
    await first.exited;
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(acked.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(failures).toBeGreaterThan(0); // the kill really interrupted the loop

    // The database as the crash left it.
    const db = await openDatabase({ dialect: 'sqlite', path: join(dataDir, 'app.db') });
    try {
      const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db.db);
      expect(integrity.rows[0].integrity_check).toBe('ok');
      const orders = await db.db.selectFrom('payment_orders').selectAll().execute();
      const events = await db.db.selectFrom('processed_events').selectAll().execute();
      const tiers = new Map((await db.db.selectFrom('users').select(['id', 'subscription_tier']).execute()).map((u) => [u.id, u.subscription_tier]));
      const eventIds = new Set(events.map((e) => e.event_id));
      for (const id of acked) expect(eventIds.has(id), `acknowledged ${id} is recorded`).toBe(true);
      for (const o of orders) {
        const session = fake.sessions.get(o.stripe_session_id);
        expect(session, 'order names a real session').toBeDefined();
        expect(session!.metadata).toEqual({ user_id: o.user_id, order_id: o.id });
        expect(o).toMatchObject({ amount: 5900, currency: 'usd', refunded_at: null });
        expect(['pending', 'paid']).toContain(o.status);
        expect(o.paid_at !== null, `paid_at of ${o.status} order`).toBe(o.status === 'paid');
        expect(o.stripe_payment_intent !== null).toBe(o.status === 'paid');
      }
      // Upgrade, paid order and event record exist together or not at all.
      for (const u of users) {
        const event = delivered.get(u.id);
        const recorded = event !== undefined && eventIds.has(event.id);
        const paid = orders.some((o) => o.user_id === u.id && o.status === 'paid');
        expect(tiers.get(u.id) === 'paid_lifetime', `user ${u.id}`).toBe(recorded);
        expect(paid, `user ${u.id}`).toBe(recorded);
      }
      expect(events.length).toBe(orders.filter((o) => o.status === 'paid').length);
      const withoutOrder = [...fake.sessions.values()].filter((s) => !orders.some((o) => o.stripe_session_id === s.id)).length;
      console.info(
        `kill -9: ${delivered.size} webhooks sent, ${acked.size} acknowledged, ${events.length} recorded, ` +
          `${orders.length} orders (${withoutOrder} Stripe sessions without one), ${failures} journeys cut`,
      );
    } finally {
      await db.close();
    }

    // Restart; Stripe retries every delivery (acknowledged ones too, as it may): each upgrades once.
    const second = await startProcess(dataDir, fake);
    children.push(second.child);
    const hook = `${second.url}/api/subscription/webhook`;
    const retries = await Promise.all([...delivered.values()].map((e) => fake.deliver(hook, e)));
    expect(retries.every((r) => r.status === 200)).toBe(true);
    const firstTime = retries.filter((r) => !r.body.duplicate);
    expect(firstTime.every((r) => r.body.outcome === 'upgraded')).toBe(true);
    for (const r of retries.filter((x) => x.body.duplicate)) expect(r.body.outcome).toBe('unchanged');

    // A paid session whose order row was never written (killed between Stripe's answer and the
    // insert) is still honoured: the webhook records the order from the session.
    const orphan = users.find((u) => !delivered.has(u.id))!;
    const orderId = randomUUID();
    const created = await fetch(`${fake.url}/v1/checkout/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.secretKey}`, 'content-type': 'application/x-www-form-urlencoded', 'stripe-version': FAKE_STRIPE_API_VERSION },
      body: new URLSearchParams({
        mode: 'payment',
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': '5900',
        'line_items[0][price_data][product_data][name]': "Tonight's Pick Lifetime",
        client_reference_id: orphan.id,
        'metadata[user_id]': orphan.id,
        'metadata[order_id]': orderId,
        success_url: 'https://example.test/app/settings?payment=success&order_id={CHECKOUT_SESSION_ID}',
      }),
    }).then((r) => r.json() as Promise<{ id: string }>);
    const orphanEvent = fake.event('checkout.session.completed', fake.markPaid(created.id));
    expect((await fake.deliver(hook, orphanEvent)).body.outcome).toBe('upgraded');

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const db2 = await openDatabase({ dialect: 'sqlite', path: join(dataDir, 'app.db') });
    try {
      const events = await db2.db.selectFrom('processed_events').select('event_id').execute();
      expect(events.length).toBe(delivered.size + 1);
      const paid = await db2.db.selectFrom('payment_orders').selectAll().where('status', '=', 'paid').execute();
      expect(paid.length).toBe(delivered.size + 1);
      expect(new Set(paid.map((o) => o.user_id)).size).toBe(paid.length);
      expect(paid.find((o) => o.id === orderId)).toMatchObject({ user_id: orphan.id, stripe_session_id: created.id, amount: 5900 });
      const upgraded = await db2.db.selectFrom('users').select('id').where('subscription_tier', '=', 'paid_lifetime').execute();
      expect(new Set(upgraded.map((u) => u.id))).toEqual(new Set([...delivered.keys(), orphan.id]));
    } finally {
      await db2.close();
    }
  }, 300_000);
});
