// On-the-fly compression of what is not compressed at build time: API JSON, the calendar feed, an
// export. Only above a threshold (a small body costs more CPU to compress than its bytes cost to
// send, and GET /api/recommendations/current is the throughput benchmark), with cheap settings, and
// only for compressible types, so a PNG poster or a pre-compressed asset (which carries its own
// Content-Encoding, http/static-assets.ts) passes untouched. Nothing here streams: every answer is
// written at once, so nothing waits on a flush.
import compression from 'compression';
import { constants } from 'node:zlib';
import type { RequestHandler } from 'express';

/** Bytes below which a body goes as it is (about one TCP packet). */
export const COMPRESS_THRESHOLD = 1024;

export function compressResponses(): RequestHandler {
  return compression({
    threshold: COMPRESS_THRESHOLD,
    // zlib level 6 is the default's cost; brotli 4 is near gzip's speed with smaller output.
    level: 6,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
