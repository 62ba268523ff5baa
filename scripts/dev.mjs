// `npm run dev`: the API with reload on change (tsx watch) and Vite with hot reload.
// Open the Vite URL it prints (http://localhost:5173); /api is proxied to the server.
import { spawn } from 'node:child_process';
import { root } from './lib.mjs';

const env = { ...process.env, APP_URL: process.env.APP_URL ?? 'http://localhost:5173', NODE_ENV: 'development' };
const children = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', 'server/src/main.ts'], { cwd: root, stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', 'web'], { cwd: root, stdio: 'inherit', env }),
];
const stop = (sig) => children.forEach((c) => c.kill(sig));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(sig));
for (const c of children) c.on('exit', (code) => { stop('SIGTERM'); process.exit(code ?? 0); });
