// `npx tsx scripts/bench/web-trace.ts`: what the main thread does while a page of the web app loads,
// under Lighthouse's mobile CPU slowdown (4x), for finding what makes bench:web's blocking time.
// Starts the built server (run `npm run build` first) on a temporary SQLite DATA_DIR, opens PAGE
// (default /; a path under /app is opened signed in, as bench:web's dashboard) in headless
// Chromium (CHROME_PATH, default /usr/bin/chromium), and prints each main-thread task over 50 ms
// with the functions its time went to (a V8 CPU profile, by self and by total time), and the
// first paints. The network is not slowed: this is about CPU, not requests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Protocol } from 'puppeteer-core';
import { startBundledServer } from './server-process.js';
import { onboardedUser, storeSession } from './web-user.js';

const PAGE = process.env.PAGE ?? '/';
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const LONG_MS = 50;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: { frame?: string }; name?: string };
}

function frameName(n: Protocol.Profiler.ProfileNode): string {
  const f = n.callFrame;
  const file = f.url ? f.url.replace(/^.*\//, '') : '';
  return `${f.functionName || '(anonymous)'} ${file}${file ? `:${f.lineNumber + 1}:${f.columnNumber + 1}` : ''}`;
}

function top(map: Map<string, number>, n: number): string[] {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `      ${(v / 1000).toFixed(1).padStart(6)} ms  ${k}`);
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tp-web-trace-'));
  const server = await startBundledServer({ DATA_DIR: dataDir, DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}`, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_PER_IP: '100000' });
  const browser = await puppeteer.launch({ executablePath: CHROME, headless: true, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    if (PAGE.startsWith('/app')) {
      await storeSession(page, server.url, await onboardedUser(server.url, dataDir));
    }
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await page.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing'] });
    await cdp.send('Profiler.start');
    await page.goto(`${server.url}${PAGE}`, { waitUntil: 'networkidle0' });
    await new Promise((r) => setTimeout(r, 1500));
    const { profile } = await cdp.send('Profiler.stop');
    const trace = JSON.parse(Buffer.from((await page.tracing.stop())!).toString('utf8')) as { traceEvents: TraceEvent[] };

    const events = trace.traceEvents;
    const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data);
    const t0 = nav?.ts ?? events.filter((e) => e.ts > 0).reduce((m, e) => Math.min(m, e.ts), Infinity);
    // The renderer's main thread: where the first paint happened.
    const paint = events.find((e) => e.name === 'firstContentfulPaint') ?? events.find((e) => e.name === 'firstPaint');
    const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && (!paint || e.pid === paint.pid));
    for (const name of ['firstPaint', 'firstContentfulPaint', 'largestContentfulPaint::Candidate']) {
      for (const e of events.filter((x) => x.name === name)) console.log(`${name} at ${((e.ts - t0) / 1000).toFixed(0)} ms`);
    }
    const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) >= LONG_MS * 1000 && e.ts >= t0 && (!main || (e.pid === main.pid && e.tid === main.tid)));

    // Each sample: its time and its node; the nodes' parents for total time.
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const samples: Array<{ ts: number; id: number; dt: number }> = [];
    let ts = profile.startTime;
    for (let i = 0; i < (profile.samples ?? []).length; i++) {
      ts += profile.timeDeltas![i];
      const dt = profile.timeDeltas![i + 1] ?? 0;
      samples.push({ ts, id: profile.samples![i], dt });
    }
    console.log(`\n${tasks.length} main-thread tasks of ${LONG_MS} ms or more (4x CPU slowdown) on ${PAGE}:`);
    for (const task of tasks) {
      const self = new Map<string, number>();
      const total = new Map<string, number>();
      for (const s of samples) {
        if (s.ts < task.ts || s.ts > task.ts + task.dur!) continue;
        const leaf = nodes.get(s.id)!;
        self.set(frameName(leaf), (self.get(frameName(leaf)) ?? 0) + s.dt);
        const seen = new Set<string>();
        for (let id: number | undefined = s.id; id !== undefined; id = parent.get(id)) {
          const name = frameName(nodes.get(id)!);
          if (seen.has(name)) continue;
          seen.add(name);
          total.set(name, (total.get(name) ?? 0) + s.dt);
        }
      }
      // The renderer's own work in the task (parsing, style, layout, paint, script), by event name.
      const work = new Map<string, number>();
      for (const e of events) {
        if (e.ph !== 'X' || e.pid !== task.pid || e.tid !== task.tid || e === task || e.ts < task.ts || e.ts > task.ts + task.dur!) continue;
        if (!['ParseHTML', 'UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Layerize', 'EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'HitTest', 'ParseAuthorStyleSheet', 'ScheduleStyleRecalculation', 'IntersectionObserverController::computeIntersections', 'RunMicrotasks', 'v8.compile', 'v8.compileModule'].includes(e.name)) continue;
        work.set(e.name, (work.get(e.name) ?? 0) + (e.dur ?? 0));
      }
      console.log(`\n  task at ${((task.ts - t0) / 1000).toFixed(0)} ms, ${(task.dur! / 1000).toFixed(0)} ms: ${[...work].map(([k, v]) => `${k} ${(v / 1000).toFixed(0)}`).join(', ')}`);
      console.log('    by self time:');
      for (const l of top(self, 12)) console.log(l);
      console.log('    by total time:');
      for (const l of top(total, 25)) console.log(l);
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
