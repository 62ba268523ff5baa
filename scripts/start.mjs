// `npm start`: builds the web app when it is missing or stale, then runs ONE process that
// serves the API under /api and the web app on the same port.
import { spawn } from 'node:child_process';
import { root, buildWebIfStale } from './lib.mjs';

const code = await buildWebIfStale();
if (code !== 0) process.exit(code);

const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (c, s) => process.exit(c ?? (s ? 1 : 0)));
