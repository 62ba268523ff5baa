// The yardstick for GET /api/recommendations/current (scripts/bench/api-throughput.ts): a bare
// Express 5 app in its own process that answers the same path with the same JSON body, so the
// product's figure reads as a share of what Express alone can serve on this machine.
// Run: node --import tsx scripts/bench/minimal-express.ts <body.json>; prints its port.
import express from 'express';
import { readFileSync } from 'node:fs';

const body: unknown = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const app = express();
app.get('/api/recommendations/current', (_req, res) => {
  res.json(body);
});
const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as { port: number }).port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
