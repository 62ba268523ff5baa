import type { Router } from 'express';
import type { GenresResponse, LanguagesResponse, PlatformsResponse } from '@app/shared';
import type { AppContext } from '../../context.js';
import type { CatalogStore } from '../../catalog/catalog.store.js';
import { currentUser } from '../../http/authenticate.js';
import { apiRouter } from '../../http/route.js';
import { requestLocale } from '../../i18n/messages.js';
import { OnboardingService } from './onboarding.service.js';

/** The option lists are public (the catalog is no secret); preferences need a signed-in user. */
export function onboardingRoutes(ctx: AppContext, catalog: CatalogStore): Router {
  const service = new OnboardingService(ctx, catalog);
  const { router, route } = apiRouter(ctx);
  route('onboarding_genres', async (_req, res) => {
    const out: GenresResponse = { genres: await service.genres() };
    res.json(out);
  });
  route('onboarding_languages', async (_req, res) => {
    const out: LanguagesResponse = { languages: await service.languages() };
    res.json(out);
  });
  route('onboarding_platforms', async (_req, res) => {
    const out: PlatformsResponse = { platforms: await catalog.platforms() };
    res.json(out);
  });
  // Titles named in the reader's language where the catalog has a translation.
  route('onboarding_movies', async (req, res) => {
    res.json(await service.popularMovies(requestLocale(req)));
  });
  route('onboarding_filtered_movies', async (req, res, { query }) => {
    res.json(await service.filteredMovies(query, requestLocale(req)));
  });

  route('onboarding_save_preferences', async (req, res, { body }) => {
    res.json(await service.save(currentUser(req), body));
  });
  route('onboarding_preferences', async (req, res) => {
    res.json(await service.get(currentUser(req)));
  });
  route('onboarding_reset_preferences', async (req, res) => {
    res.json(await service.reset(currentUser(req)));
  });
  return router;
}
