// A watchdog for tests of loops over user input. A test's own timeout cannot stop a synchronous
// loop that never ends (the timer never gets to run), so the test run would hang instead of
// failing. The watchdog runs on its own thread: if a call outlives its deadline it names the call
// on stderr and kills the test process, which the test runner reports as a failed file.
import { Worker } from 'node:worker_threads';

const WATCHDOG = `
const { parentPort, workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const deadline = new BigInt64Array(workerData);
let label = '';
parentPort.on('message', (m) => { label = m; });
setInterval(() => {
  const d = Number(Atomics.load(deadline, 0));
  if (d > 0 && Date.now() > d) {
    writeSync(2, '\\n[deadline] ' + label + ' did not finish in time: killing the test process\\n');
    process.kill(process.pid, 'SIGKILL');
  }
}, 20);
`;

let state: { worker: Worker; deadline: BigInt64Array; online: Promise<void> } | null = null;

function watchdog() {
  if (!state) {
    const shared = new SharedArrayBuffer(8);
    const worker = new Worker(WATCHDOG, { eval: true, workerData: shared });
    worker.unref();
    state = { worker, deadline: new BigInt64Array(shared), online: new Promise((ok) => worker.once('online', () => ok())) };
  }
  return state;
}

/** Starts the watchdog thread; call it in beforeAll, before the first withDeadline. */
export async function startWatchdog(): Promise<void> {
  await watchdog().online;
}

/**
 * Runs `fn`, killing the process (so the run fails instead of hanging) if it is still running
 * after `ms`. For synchronous code under test; the deadline is cleared when `fn` returns or throws.
 */
export function withDeadline<T>(ms: number, what: string, fn: () => T): T {
  const { worker, deadline } = watchdog();
  worker.postMessage(what);
  Atomics.store(deadline, 0, BigInt(Date.now() + ms));
  try {
    return fn();
  } finally {
    Atomics.store(deadline, 0, 0n);
  }
}
