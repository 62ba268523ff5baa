// The HTTP side of starting and stopping (docs/operations.md): the port answers from the moment it
// is open (503 "starting" until the app is ready), and a stop drains instead of cutting requests.
import { Server as NetServer, type Socket } from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export type Phase = 'starting' | 'ready' | 'draining';
export interface Lifecycle {
  phase: Phase;
}

export const STARTING_DETAIL = 'The server is starting. Please try again in a moment.';

/** Every request before the app is ready: a JSON 503 at once, never a hanging connection. */
export function answerStarting(_req: IncomingMessage, res: ServerResponse): void {
  const body = JSON.stringify({ status: 'starting', detail: STARTING_DETAIL });
  res.writeHead(503, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'Retry-After': '1',
  });
  res.end(body);
}

// Keep accepting after a stop begins until no connection has come for ACCEPT_QUIET_MS (at most
// ACCEPT_MAX_MS): closing the listening socket resets every connection still queued in the kernel,
// whose clients have already sent their request, and a loaded machine accepts them one by one.
const ACCEPT_QUIET_MS = 50;
const ACCEPT_MAX_MS = 1000;
// A connection is idle, and closed, once it has no request in progress, nothing of a next request
// received, and no byte for this long (a request already on the wire is read well within it).
const QUIET_MS = 100;
const TICK_MS = 25;

interface Tracked {
  inFlight: number;
  /** socket.bytesRead when it last had no request: more since means a request has begun. */
  bytesAtRest: number;
  bytesRead: number;
  quietSince: number;
}

export interface Drainer {
  /** Stops accepting, lets requests finish, closes idle connections; resolves with how many had to be cut at the deadline. */
  drain(deadlineMs: number): Promise<number>;
}

/** Call right after createServer: it must see every connection and request. */
export function trackConnections(server: Server): Drainer {
  const connections = new Map<Socket, Tracked>();
  let lastConnectionAt = 0;
  server.on('connection', (socket: Socket) => {
    lastConnectionAt = Date.now();
    connections.set(socket, { inFlight: 0, bytesAtRest: 0, bytesRead: 0, quietSince: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const tracked = connections.get(req.socket);
    if (!tracked) return;
    tracked.inFlight++;
    res.once('close', () => {
      tracked.inFlight--;
      tracked.bytesAtRest = req.socket.bytesRead;
      tracked.quietSince = Date.now();
    });
  });

  const closeIdle = () => {
    const now = Date.now();
    for (const [socket, t] of connections) {
      if (socket.bytesRead !== t.bytesRead) {
        t.bytesRead = socket.bytesRead;
        t.quietSince = now;
      } else if (t.inFlight === 0 && socket.bytesRead === t.bytesAtRest && now - t.quietSince >= QUIET_MS) {
        socket.destroy();
      }
    }
  };

  return {
    async drain(deadlineMs) {
      const deadline = Date.now() + deadlineMs;
      const acceptUntil = Math.min(deadline, Date.now() + ACCEPT_MAX_MS);
      do await new Promise((ok) => setTimeout(ok, ACCEPT_QUIET_MS));
      while (Date.now() - lastConnectionAt < ACCEPT_QUIET_MS && Date.now() < acceptUntil);
      // On a loaded machine the timer can fire in the same turn of the event loop as the accepts of
      // connections queued meanwhile, and timers run before I/O: close only after this turn's poll
      // phase has accepted them (setImmediate runs right after it).
      await new Promise((ok) => setImmediate(ok));
      // net.Server's close, not http.Server's: the latter also destroys at once every connection
      // whose request has not been read yet, which is how in-flight requests got ECONNRESET.
      const closed = new Promise<void>((ok) => NetServer.prototype.close.call(server, () => ok()));
      // After this turn's poll phase too: a request the kernel holds for a connection the stall kept
      // us from reading must be read (and counted) before the connection can look idle.
      const ticker = setInterval(() => setImmediate(closeIdle), TICK_MS);
      let timeout: NodeJS.Timeout | undefined;
      try {
        const cut = await Promise.race([
          closed.then(() => 0),
          new Promise<number>((ok) => (timeout = setTimeout(() => ok(connections.size), Math.max(0, deadline - Date.now())))),
        ]);
        if (cut > 0) {
          for (const socket of connections.keys()) socket.destroy();
          await closed;
        }
        return cut;
      } finally {
        clearInterval(ticker);
        clearTimeout(timeout);
      }
    },
  };
}
