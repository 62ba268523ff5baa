// On-the-fly compression of what is not compressed at build time: API JSON, the calendar feed, an
// export. Only bodies handed whole to res.send (res.json included) are compressed: nothing here
// streams, and a file sent by res.sendFile (the web build, pre-compressed: http/static-assets.ts)
// passes untouched. Only above a threshold, for compressible types, never over a Content-Encoding
// already set or a Cache-Control: no-transform.
//
// Why not the `compression` package: it compresses through a zlib stream per response, whose setup
// and hand-off to the thread pool cost 100-300 us of CPU for a body of about 1.4 KB (GET
// /api/recommendations/current, the throughput benchmark); compressing the whole body at once costs
// 20-40 us. Bodies past SYNC_LIMIT go to the thread pool instead, so an export never stalls the
// event loop.
import type { Response } from 'express';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type ZlibOptions, type BrotliOptions } from 'node:zlib';
import { chooseCoding } from './static-assets.js';

/**
 * Bytes below which a body goes as it is. Under 2 KB, compressing saves less than one TCP segment
 * (about 1.4 KB), so never a round trip, and Lighthouse's text-compression audit ignores savings
 * that small; it costs CPU on the hottest answers: GET /api/recommendations/current (about
 * 1.4 KB) served 1,107 req/s uncompressed and 858 with brotli 4 in one bench:api run
 * (docs/performance.md).
 */
export const COMPRESS_THRESHOLD = 2048;
/** Bodies up to this size are compressed in place (tens of microseconds); larger ones in the thread pool. */
const SYNC_LIMIT = 64 * 1024;

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|[\w.+-]+\+(json|xml))|image\/svg\+xml)/i;

// Cheap settings: brotli 4 is near gzip 6's speed and smaller; both far below their maximum.
const brotliOptions = (size: number): BrotliOptions => ({ params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: size } });
const gzipOptions: ZlibOptions = { level: 6 };

function shouldCompress(res: Response, size: number): boolean {
  if (size < COMPRESS_THRESHOLD || res.statusCode === 204 || res.statusCode === 304) return false;
  if (res.getHeader('Content-Encoding')) return false;
  if (/\bno-transform\b/i.test(String(res.getHeader('Cache-Control') ?? ''))) return false;
  return COMPRESSIBLE.test(String(res.getHeader('Content-Type') ?? ''));
}

/**
 * A string answer as res.send would write it, without its general work, when none of that work
 * applies: a type with its charset already set, no ETag or Last-Modified (so never a 304), a status
 * with a body. Else (an export's attachment, a cacheable answer) Express's own send. On GET
 * /api/recommendations/current, res.send's content-type parsing, settings lookups and freshness
 * check were about 5% of the request's CPU (docs/performance.md).
 */
function sendPlain(res: Response, body: string, bytes: number, send: Response['send']): Response {
  const status = res.statusCode;
  const type = res.getHeader('Content-Type');
  if (typeof type !== 'string' || !type.includes('charset=') || status === 204 || status === 205 || status === 304 || res.getHeader('ETag') !== undefined || res.getHeader('Last-Modified') !== undefined) {
    return send.call(res, body);
  }
  res.setHeader('Content-Length', bytes);
  if (res.req.method === 'HEAD') res.end();
  else res.end(body, 'utf8');
  return res;
}

/**
 * Compresses what res.send is handed, for every response of `app`: its `send` is replaced on the
 * app's response prototype, once, rather than on each response (a closure and a new property per
 * request, on the hottest path). `json` there writes the type with its charset at once, so the
 * answer takes sendPlain's way; it gives what Express's would (the app sets no JSON settings).
 */
export function compressResponses(app: { response: object }): void {
  const proto = app.response as Response;
  const send = proto.send;
  const json = proto.json;
  Object.defineProperty(proto, 'json', {
    configurable: true,
    writable: true,
    value: function plainJson(this: Response, obj: unknown) {
      if (obj === undefined) return json.call(this, obj);
      if (!this.getHeader('Content-Type')) this.setHeader('Content-Type', 'application/json; charset=utf-8');
      return this.send(JSON.stringify(obj));
    },
  });
  Object.defineProperty(proto, 'send', {
    configurable: true,
    writable: true,
    value: function compressedSend(this: Response, body?: unknown) {
      if (typeof body !== 'string' && !Buffer.isBuffer(body)) return send.call(this, body);
      // What res.send would set for a string without a type; set first, so the type is known.
      if (typeof body === 'string' && !this.getHeader('Content-Type')) this.type('html');
      // Measured before copying: most answers are below the threshold and go out as they are.
      const size = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
      if (!shouldCompress(this, size)) return typeof body === 'string' ? sendPlain(this, body, size, send) : send.call(this, body);
      const bytes = typeof body === 'string' ? Buffer.from(body) : body;
      // The answer depends on Accept-Encoding from here on, whichever coding this client gets.
      this.vary('Accept-Encoding');
      const req = this.req;
      const coding = req.method === 'HEAD' ? 'identity' : chooseCoding(req.headers['accept-encoding'], { br: true, gzip: true });
      if (coding === 'identity') return send.call(this, body);
      this.setHeader('Content-Encoding', coding);
      // res.send gives a string's type charset=utf-8; a Buffer it leaves as it is.
      const type = String(this.getHeader('Content-Type'));
      if (typeof body === 'string' && !/charset=/i.test(type)) this.setHeader('Content-Type', `${type}; charset=utf-8`);
      if (bytes.length <= SYNC_LIMIT) {
        return send.call(this, coding === 'br' ? brotliCompressSync(bytes, brotliOptions(bytes.length)) : gzipSync(bytes, gzipOptions));
      }
      const done = (err: Error | null, out: Buffer) => {
        if (err) {
          this.removeHeader('Content-Encoding');
          send.call(this, bytes);
        } else send.call(this, out);
      };
      if (coding === 'br') brotliCompress(bytes, brotliOptions(bytes.length), done);
      else gzip(bytes, gzipOptions, done);
      return this;
    },
  });
}
