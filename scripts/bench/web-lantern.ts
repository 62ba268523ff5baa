// `npx tsx scripts/bench/web-lantern.ts`: why bench:web's mobile LCP is what it is. Lighthouse's
// mobile figures come from a simulation of one unthrottled load (simulated slow 4G, a 4x slower
// CPU): its LCP is when the last request that finished before the observed paint would finish on
// that network, with every request and script task that led to it. This runs Lighthouse's mobile
// audit on PAGE (default /app/dashboard; a path under /app is opened signed in, as bench:web's
// dashboard) RUNS times (default 1) and prints, for each run, the simulated and observed LCP and
// the nodes of the simulation's optimistic LCP graph: when each starts and ends in the simulation,
// which request or which task (its observed start and length) it is. Starts the built server (run
// `npm run build` first) on a temporary SQLite DATA_DIR, with Chromium at CHROME_PATH.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import { Simulation } from 'lighthouse/core/lib/lantern/lantern.js';
import puppeteer from 'puppeteer-core';
import { startBundledServer } from './server-process.js';
import { onboardedUser, storeSession } from './web-user.js';

const PAGE = process.env.PAGE ?? '/app/dashboard';
const RUNS = Math.max(1, Number(process.env.RUNS ?? 1));
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

interface LanternNode {
  type: 'network' | 'cpu';
  startTime: number;
  endTime: number;
  request?: { url: string };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tp-bench-lantern-'));
  const server = await startBundledServer({ DATA_DIR: dataDir, DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}`, APP_URL: 'http://127.0.0.1', LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_PER_IP: '100000' });
  try {
    const session = PAGE.startsWith('/app') ? await onboardedUser(server.url, dataDir) : null;
    for (let run = 1; run <= RUNS; run++) {
      const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ['--headless=new', '--no-sandbox'] });
      try {
        if (session) {
          const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
          const page = await browser.newPage();
          await storeSession(page, server.url, session);
          await page.close();
          await browser.disconnect();
        }
        const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: session !== null };
        const lhr = (await lighthouse(server.url + PAGE, flags))?.lhr;
        const metrics = (lhr?.audits.metrics?.details as { items?: Array<Record<string, number>> } | undefined)?.items?.[0];
        if (!lhr || !metrics) {
          console.log(`run ${run}: no metrics (${lhr?.runtimeError?.message ?? 'no result'})`);
          continue;
        }
        const navStart = metrics.observedNavigationStartTs;
        console.log(`run ${run}: LCP ${Math.round(metrics.largestContentfulPaint)} ms simulated, ${metrics.observedLargestContentfulPaint} ms observed; performance ${Math.round((lhr.categories.performance.score ?? 0) * 100)}`);
        const timings = Simulation.Simulator.allNodeTimings.get('optimisticLargestContentfulPaint') as Map<LanternNode, { startTime: number; endTime: number }> | undefined;
        const rows = [...(timings ?? new Map())].sort((a, b) => a[1].startTime - b[1].startTime);
        for (const [node, t] of rows) {
          const what =
            node.type === 'network'
              ? node.request!.url.replace(server.url, '')
              : `task observed at ${Math.round((node.startTime - navStart) / 1000)} ms, ${Math.round((node.endTime - node.startTime) / 1000)} ms long`;
          console.log(`  ${String(Math.round(t.startTime)).padStart(6)} ${String(Math.round(t.endTime)).padStart(6)}  ${what}`);
        }
        Simulation.Simulator.allNodeTimings.clear();
      } finally {
        chrome.kill();
      }
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
