// Starts co-likes-worker.ts from the TypeScript sources (tsx, vitest), where a worker thread does
// not inherit the TypeScript loader: register tsx in this thread, then load the real worker.
import { register } from 'tsx/esm/api';

register();
await import('./co-likes-worker.ts');
