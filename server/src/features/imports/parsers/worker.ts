// The parser's own thread: reading a 10 MB export takes about a second of CPU, which on the
// server's event loop would hold every other request that long. The server sends each upload
// here (parse-off-thread.ts) and gets back the entries, or the ImportFileError's message.
import { parentPort } from 'node:worker_threads';
import type { ImportSource } from '@app/shared';
import { NetflixProfileError, parseImportFile } from './index.js';
import { ImportFileError } from './types.js';

export interface ParseRequest {
  id: number;
  filename: string;
  bytes: Uint8Array;
  source?: ImportSource;
  profile?: string;
}

parentPort?.on('message', (m: ParseRequest) => {
  try {
    const result = parseImportFile(m.filename, Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength), m.source, { profile: m.profile });
    parentPort!.postMessage({ id: m.id, ok: true, result });
  } catch (err) {
    const profiles = err instanceof NetflixProfileError ? err.profiles : undefined;
    parentPort!.postMessage({ id: m.id, ok: false, fileError: err instanceof ImportFileError, message: err instanceof Error ? err.message : String(err), profiles });
  }
});
