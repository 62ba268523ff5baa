// `npm start`: builds the web app and the server when missing or stale, then runs ONE process that
// serves the API under /api and the web app on the same port.
import { spawn } from 'node:child_process';
import { root, buildWebIfStale, buildServerIfStale, SERVER_NODE_ARGS, serverEnv } from './lib.mjs';

for (const step of [buildWebIfStale, buildServerIfStale]) {
  const code = await step();
  if (code !== 0) process.exit(code);
}

// Plain JavaScript in production: no TypeScript compiler loaded at start or kept in memory.
const server = spawn(process.execPath, [...SERVER_NODE_ARGS, 'server/dist/main.mjs'], { cwd: root, env: serverEnv(), stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (c, s) => process.exit(c ?? (s ? 1 : 0)));
