import { ONBOARDING_LIMITS as L } from '@app/shared';

/** A favourite title; `imported` ones came from a history import and are sent by id (exact, whatever their name). */
export interface Favourite {
  id: string;
  title: string;
  imported?: boolean;
}

export interface OnboardingChoices {
  genres: string[];
  languages: string[];
  favourites: Favourite[];
  platforms: string[];
}

/** The steps' titles: message keys of the onboarding area, in order. */
export const STEP_TITLES = ['onboarding.steps.genres', 'onboarding.steps.languages', 'onboarding.steps.favourites', 'onboarding.steps.platforms'] as const;

/** docs/screens.md, "Form rules": genres 2-5, languages >= 1, favourites 3-20, platforms optional. */
export function stepComplete(step: number, c: OnboardingChoices): boolean {
  switch (step) {
    case 1:
      return c.genres.length >= L.genresMin && c.genres.length <= L.genresMax;
    case 2:
      return c.languages.length >= L.languagesMin;
    case 3:
      return c.favourites.length >= L.favouritesMin && c.favourites.length <= L.favouritesMax;
    default:
      return true;
  }
}
