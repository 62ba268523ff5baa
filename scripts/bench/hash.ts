// Password hashing cost: p50/p99 of one scrypt hash (N=2^17, r=8, p=1) and throughput with the
// concurrency bound. Prints a table and writes bench-results/hash.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { hashPassword, verifyPassword } from '../../server/src/features/auth/password.js';

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

const runs = Number(process.env.RUNS ?? 20);
const single: number[] = [];
let stored = '';
for (let i = 0; i < runs; i++) {
  const t = performance.now();
  stored = await hashPassword(`Passw0rd!${i}`);
  single.push(performance.now() - t);
}
const verify: number[] = [];
for (let i = 0; i < 5; i++) {
  const t = performance.now();
  await verifyPassword(`Passw0rd!${runs - 1}`, stored);
  verify.push(performance.now() - t);
}
const burst = 16;
const t0 = performance.now();
const rss0 = process.memoryUsage().rss;
let peak = rss0;
const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
await Promise.all(Array.from({ length: burst }, (_, i) => hashPassword(`Burst-${i}!a`)));
clearInterval(timer);
const burstMs = performance.now() - t0;

const result = {
  params: 'scrypt N=2^17 r=8 p=1, 2 at once',
  hash_ms: { p50: pct(single, 50), p99: pct(single, 99) },
  verify_ms_p50: pct(verify, 50),
  burst: { hashes: burst, total_ms: burstMs, per_second: (burst / burstMs) * 1000, peak_rss_mb: peak / 2 ** 20 },
};
console.table({
  'hash p50 (ms)': result.hash_ms.p50.toFixed(0),
  'hash p99 (ms)': result.hash_ms.p99.toFixed(0),
  'verify p50 (ms)': result.verify_ms_p50.toFixed(0),
  [`${burst} concurrent (ms)`]: burstMs.toFixed(0),
  'hashes/s under load': result.burst.per_second.toFixed(1),
  'peak RSS (MB)': result.burst.peak_rss_mb.toFixed(0),
});
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/hash.json', JSON.stringify(result, null, 2));
