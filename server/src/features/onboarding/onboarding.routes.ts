import { Router } from 'express';
import { FilteredMoviesQuery, PreferencesRequest, type GenresResponse, type LanguagesResponse, type PlatformsResponse } from '@app/shared';
import type { AppContext } from '../../context.js';
import type { CatalogStore } from '../../catalog/catalog.store.js';
import { authenticate, currentUser } from '../../http/authenticate.js';
import { body, query, validate } from '../../http/validate.js';
import { OnboardingService } from './onboarding.service.js';

/** The option lists are public (the catalog is no secret); preferences need a signed-in user. */
export function onboardingRoutes(ctx: AppContext, catalog: CatalogStore): Router {
  const service = new OnboardingService(ctx, catalog);
  const r = Router();
  r.get('/genres', async (_req, res) => {
    const out: GenresResponse = { genres: await service.genres() };
    res.json(out);
  });
  r.get('/languages', async (_req, res) => {
    const out: LanguagesResponse = { languages: await service.languages() };
    res.json(out);
  });
  r.get('/platforms', async (_req, res) => {
    const out: PlatformsResponse = { platforms: await catalog.platforms() };
    res.json(out);
  });
  r.get('/movies', async (_req, res) => {
    res.json(await service.popularMovies());
  });
  r.get('/movies/filtered', validate({ query: FilteredMoviesQuery }), async (req, res) => {
    res.json(await service.filteredMovies(query(req, FilteredMoviesQuery)));
  });

  r.post('/preferences', authenticate(ctx), validate({ body: PreferencesRequest }), async (req, res) => {
    res.json(await service.save(currentUser(req), body(req, PreferencesRequest)));
  });
  r.get('/preferences', authenticate(ctx), async (req, res) => {
    res.json(await service.get(currentUser(req)));
  });
  r.delete('/preferences', authenticate(ctx), async (req, res) => {
    res.json(await service.reset(currentUser(req)));
  });
  return r;
}
