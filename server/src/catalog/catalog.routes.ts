// Public catalog reads: a title, the landing carousel, and the generated artwork.
import { Router, type Response } from 'express';
import { createHash } from 'node:crypto';
import { PostersQuery, type PostersResponse } from '@app/shared';
import { notFound } from '../http/errors.js';
import { query, validate } from '../http/validate.js';
import type { CatalogStore } from './catalog.store.js';
import { renderLogo, renderPoster } from './artwork.js';
import { carouselTitles } from './posters.js';
import { posterUrl } from './urls.js';

const ARTWORK_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';
const MEMO_LIMIT = 5000;

function sendSvg(res: Response, svg: string): void {
  res
    .set({
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': ARTWORK_CACHE,
      ETag: `"${createHash('sha1').update(svg).digest('base64url')}"`,
      // The extension's popup shows these from its own origin.
      'Cross-Origin-Resource-Policy': 'cross-origin',
      // An SVG opened on its own must not run anything.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    })
    .send(svg);
}

export function catalogRoutes(catalog: CatalogStore): Router {
  const r = Router();
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

  r.get('/posters', validate({ query: PostersQuery }), async (req, res) => {
    const { limit } = query(req, PostersQuery);
    const out: PostersResponse = {
      posters: carouselTitles(await catalog.titles(), limit).map((t) => ({
        id: t.id,
        title: t.title,
        year: t.year,
        kind: t.kind,
        language: t.language,
        poster_url: posterUrl(t.id),
      })),
    };
    res.set('Cache-Control', 'public, max-age=300').json(out);
  });

  r.get('/titles/:id', async (req, res) => {
    const t = await catalog.title(req.params.id);
    if (!t) throw notFound('No such title');
    res.set('Cache-Control', 'public, max-age=300').json(catalog.toCatalogTitle(t));
  });

  r.get('/titles/:id/poster.svg', async (req, res) => {
    const t = await catalog.title(req.params.id);
    if (!t) throw notFound('No such title');
    sendSvg(res, memoised(`t:${t.id}`, () => renderPoster(t)));
  });

  r.get('/platforms/:slug/logo.svg', async (req, res) => {
    const p = await catalog.platform(req.params.slug);
    if (!p || p.slug !== req.params.slug) throw notFound('No such platform');
    sendSvg(res, memoised(`p:${p.slug}`, () => renderLogo(p)));
  });
  return r;
}
