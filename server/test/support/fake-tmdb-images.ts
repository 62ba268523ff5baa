// A local stand-in for TMDB's image host (TMDB_IMAGE_URL): answers /t/p/<size>/<file>.jpg with a
// small image and 404 for anything else, and records what was asked for.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeTmdbImages {
  /** The value for TMDB_IMAGE_URL, e.g. http://127.0.0.1:1234/t/p */
  baseUrl: string;
  origin: string;
  requests: string[];
  close(): Promise<void>;
}

// Not a decodable picture: the server never reads these bytes, a browser would.
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

export async function startFakeTmdbImages(): Promise<FakeTmdbImages> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.method === 'GET' && /^\/t\/p\/w\d+\/[\w-]+\.jpg$/.test(req.url ?? '')) {
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': JPEG.length }).end(JPEG);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: `${origin}/t/p`,
    origin,
    requests,
    close: () => new Promise<void>((ok, fail) => server.close((e) => (e ? fail(e) : ok()))),
  };
}
