// Public catalog reads: a title, the landing carousel, and the generated artwork.
import type { Response, Router } from 'express';
import type { PostersResponse } from '@app/shared';
import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { apiRouter } from '../http/route.js';
import { etagOf, sendCacheableJson } from '../http/cacheable.js';
import type { CatalogStore } from './catalog.store.js';
import { renderLogo, renderPoster } from './artwork.js';
import { svgToPng } from './artwork/png.js';
import { Lru } from './artwork/lru.js';
import { carouselTitles } from './posters.js';
import { requestLocale } from '../i18n/messages.js';

const ARTWORK_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';
const MEMO_LIMIT = 5000;
// PNG posters (about 50 kB each) are for email: a day's deliveries ask for the same few again
// and again. Bounded both ways, so a crawl over every title cannot grow memory.
const PNG_CACHE_ENTRIES = 400;
const PNG_CACHE_BYTES = 24 * 1024 * 1024;

interface Png {
  body: Buffer;
  etag: string;
}


function sendSvg(res: Response, svg: string): void {
  res
    .set({
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': ARTWORK_CACHE,
      ETag: etagOf(svg),
      // The extension's popup shows these from its own origin.
      'Cross-Origin-Resource-Policy': 'cross-origin',
      // An SVG opened on its own must not run anything.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    })
    .send(svg);
}

function sendPng(res: Response, png: Png): void {
  res
    .set({
      'Content-Type': 'image/png',
      'Cache-Control': ARTWORK_CACHE,
      ETag: png.etag,
      'Cross-Origin-Resource-Policy': 'cross-origin',
    })
    .send(png.body);
}

export function catalogRoutes(ctx: AppContext, catalog: CatalogStore): Router {
  const { router, route } = apiRouter(ctx);
  // Rendered artwork per catalog version: posters are cheap to draw but asked for in bursts.
  const memo = new Map<string, string>();
  const memoised = (key: string, draw: () => string) => {
    const k = `${catalog.version()}:${key}`;
    let svg = memo.get(k);
    if (svg === undefined) {
      if (memo.size >= MEMO_LIMIT) memo.clear();
      svg = draw();
      memo.set(k, svg);
    }
    return svg;
  };
  const pngs = new Lru<Png>(PNG_CACHE_ENTRIES, PNG_CACHE_BYTES, (p) => p.body.length);
  // One drawing per poster at a time: concurrent requests for it wait for the same one.
  const drawing = new Map<string, Promise<Png>>();
  const pngPoster = async (t: Parameters<typeof renderPoster>[0]): Promise<Png> => {
    const k = `${catalog.version()}:t:${t.id}`;
    const hit = pngs.get(k);
    if (hit) return hit;
    let pending = drawing.get(k);
    if (!pending) {
      pending = svgToPng(memoised(`t:${t.id}`, () => renderPoster(t)))
        .then((body) => {
          const png = { body, etag: etagOf(body) };
          pngs.set(k, png);
          return png;
        })
        .finally(() => drawing.delete(k));
      drawing.set(k, pending);
    }
    return pending;
  };

  route('catalog_posters', async (req, res, { query }) => {
    const { limit } = query;
    const titles = carouselTitles(await catalog.titles(), limit);
    // Named in the reader's language where known (one query for the carousel's titles; none in English).
    const names = await catalog.localTitles(titles.map((t) => t.id), requestLocale(req));
    res.vary('Accept-Language');
    const out: PostersResponse = {
      posters: titles.map((t) => ({
        id: t.id,
        title: names.get(t.id) ?? t.title,
        year: t.year,
        kind: t.kind,
        language: t.language,
        ...catalog.posterUrls(t),
      })),
    };
    sendCacheableJson(res, 300, out);
  });

  route('catalog_title', async (req, res) => {
    const t = await catalog.title(String(req.params.id));
    if (!t) throw notFound('No such title');
    // In the reader's language where the title has a translation (a cache keeps one per language).
    res.vary('Accept-Language');
    sendCacheableJson(res, 300, catalog.toCatalogTitle(t, await catalog.text(t.id, requestLocale(req))));
  });

  route('catalog_poster_svg', async (req, res) => {
    const t = await catalog.title(String(req.params.id));
    if (!t) throw notFound('No such title');
    sendSvg(res, memoised(`t:${t.id}`, () => renderPoster(t)));
  });

  // Our poster as PNG, for email (Gmail and Outlook show no SVG).
  route('catalog_poster_png', async (req, res) => {
    const t = await catalog.title(String(req.params.id));
    if (!t) throw notFound('No such title');
    sendPng(res, await pngPoster(t));
  });

  route('catalog_platform_logo', async (req, res) => {
    const p = await catalog.platform(String(req.params.slug));
    if (!p || p.slug !== String(req.params.slug)) throw notFound('No such platform');
    sendSvg(res, memoised(`p:${p.slug}`, () => renderLogo(p)));
  });
  return router;
}
