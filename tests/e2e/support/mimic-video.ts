// A mimic streaming site's title page with a real <video> element, for the "watched on a streaming
// site" journeys (Chromium and Firefox): the site's title-page fixture with a player added, and a
// media file both browsers play without any codec of their own, made here: PCM WAV, silent, longer
// than a trailer (the extension ignores a video shorter than a title), served with byte ranges so
// the browser can seek near its end instead of playing it through. And the server behind a
// recorder, to check what the extension sent.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './extension-harness.js';

export const TITLE_URL = 'https://www.netflix.com/title/80057281';
/** The player page of an episode: the series' name in the player's title element. */
export const PLAYER_URL = 'https://www.netflix.com/watch/80077368';
/** A player page with no title element, titled "Netflix" alone: the page's script names the title in its media session. */
export const MEDIA_SESSION_PLAYER_URL = 'https://www.netflix.com/watch/80057281';
export const MEDIA_PATH = '/media/title.wav';
/** Longer than MIN_TITLE_SECONDS (extension/src/lib/watched.ts), short enough to stay small (8 kB a second). */
export const MEDIA_SECONDS = 330;

/** A silent mono WAV of `seconds` at 8 kHz, 8-bit. */
export function silentWav(seconds: number): Buffer {
  const rate = 8000;
  const data = rate * seconds;
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'ascii');
  head.writeUInt32LE(36 + data, 4);
  head.write('WAVEfmt ', 8, 'ascii');
  head.writeUInt32LE(16, 16); // fmt chunk size
  head.writeUInt16LE(1, 20); // PCM
  head.writeUInt16LE(1, 22); // mono
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate, 28); // bytes a second
  head.writeUInt16LE(1, 32); // block align
  head.writeUInt16LE(8, 34); // bits a sample
  head.write('data', 36, 'ascii');
  head.writeUInt32LE(data, 40);
  return Buffer.concat([head, Buffer.alloc(data, 128)]);
}

/** The site's title-page fixture with a muted player of the media file added. */
export function titlePageWithVideo(fixture: string): string {
  const html = readFileSync(join(ROOT, 'extension/src/content/sites/fixtures', fixture), 'utf8');
  return html.replace('</body>', `<video id="player" muted preload="auto" src="${MEDIA_PATH}"></video>\n</body>`);
}

/** Answers the media file, whole or by the byte range asked (as a real site's CDN does). */
export function serveMedia(req: IncomingMessage, res: ServerResponse, media: Buffer): void {
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
  const headers = { 'content-type': 'audio/wav', 'accept-ranges': 'bytes' };
  if (!range) return void res.writeHead(200, { ...headers, 'content-length': media.length }).end(media);
  const start = range[1] ? Number(range[1]) : Math.max(0, media.length - Number(range[2]));
  const end = range[1] && range[2] ? Math.min(Number(range[2]), media.length - 1) : media.length - 1;
  if (start > end || start >= media.length) return void res.writeHead(416, { 'content-range': `bytes */${media.length}` }).end();
  res.writeHead(206, { ...headers, 'content-range': `bytes ${start}-${end}/${media.length}`, 'content-length': end - start + 1 }).end(media.subarray(start, end + 1));
}

/** Run in the page: seek the player close to its end and play it to the end (muted, so no gesture is needed). */
export const PLAY_TO_END = `(async () => {
  const v = document.getElementById('player');
  if (v.readyState < 1) await new Promise((ok) => v.addEventListener('loadedmetadata', ok, { once: true }));
  v.currentTime = v.duration - 2;
  await v.play().catch(() => undefined);
  return v.duration;
})()`;

export interface SeenRequest {
  method: string;
  url: string;
  body: string;
}

/** The server at `target` behind a recorder: every request as it arrived, in `seen`. */
export async function recordingProxy(target: string, seen: SeenRequest[]): Promise<Server> {
  const proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method!, url: req.url!, body: body.toString('utf8') });
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k))) as Record<string, string>;
      const answer = await fetch(`${target}${req.url}`, { method: req.method, headers, body: body.length ? body : undefined });
      const h: Record<string, string> = {};
      answer.headers.forEach((v, k) => {
        if (!['content-encoding', 'content-length', 'transfer-encoding'].includes(k)) h[k] = v;
      });
      res.writeHead(answer.status, h).end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  return proxy;
}

/**
 * The mimic Netflix title page with its player, its player pages (PLAYER_URL,
 * MEDIA_SESSION_PLAYER_URL), and the media file, over HTTPS with a throwaway self-signed
 * certificate (in `certDir`, for the caller to remove); anything else is a 404.
 */
export async function mimicNetflixWithVideo(): Promise<{ sites: Server; certDir: string }> {
  const certDir = mkdtempSync(join(tmpdir(), 'tp-cert-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=www.netflix.com', '-keyout', join(certDir, 'key.pem'), '-out', join(certDir, 'cert.pem')], { stdio: 'ignore' });
  const media = silentWav(MEDIA_SECONDS);
  const pages: Record<string, string> = {
    [TITLE_URL]: titlePageWithVideo('netflix-title.html'),
    [PLAYER_URL]: titlePageWithVideo('netflix-player.html'),
    [MEDIA_SESSION_PLAYER_URL]: titlePageWithVideo('netflix-player.html')
      .replace(/<div[^>]*data-uia="video-title".*?<\/div>/, '')
      .replace('</body>', `<script>navigator.mediaSession.metadata = new MediaMetadata({ title: 'Stranger Things' });</script>\n</body>`),
  };
  const sites = createHttpsServer({ key: readFileSync(join(certDir, 'key.pem')), cert: readFileSync(join(certDir, 'cert.pem')) }, (req, res) => {
    const url = `https://${req.headers.host}${req.url}`;
    if (url === `https://www.netflix.com${MEDIA_PATH}`) return serveMedia(req, res, media);
    const page = pages[url];
    if (!page) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((r) => sites.listen(0, '127.0.0.1', r));
  return { sites, certDir };
}
