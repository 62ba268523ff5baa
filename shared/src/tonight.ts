// Tonight's constraints (issue 19) as the product writes them: the bounds, the age scale, the time
// choices and the one-line summary the dashboard card and the popup show. No zod here: the
// extension imports this file by path (extension/src/lib/shared.ts).

/** The remembered constraints as the API returns them (schemas/tonight.ts TonightConstraints). */
interface Tonight {
  max_minutes: number | null;
  finish_tonight: boolean;
  kind: 'movie' | 'series' | null;
  exploration: number | null;
}

/** Nothing remembered: any length, either kind, the engine's default dial. Here, not beside the schema, so a page that needs only this value does not load zod. */
export const NO_TONIGHT: Tonight = { max_minutes: null, finish_tonight: false, kind: null, exploration: null };

/** The time budget's bounds, in minutes. */
export const MAX_MINUTES_RANGE = { min: 30, max: 600 } as const;
/** Entries per exclusion list, and characters per entry. */
export const EXCLUSION_LIMITS = { entries: 30, length: 60 } as const;

/**
 * The highest age rating a user accepts, on one scale for every country's certifications (the
 * catalog maps PG-13, TV-MA, 15, UA, FSK 16 and the like to the minimum age they stand for).
 * null: no limit. Titles whose rating the catalog does not know are never filtered by it.
 */
export const MAX_AGE_RATINGS = ['all', '7', '12', '13', '16'] as const;
export type MaxAgeRatingValue = (typeof MAX_AGE_RATINGS)[number];
/** The minimum age each choice stands for (the engine's maxAge). */
export const AGE_OF_RATING: Record<MaxAgeRatingValue, number> = { all: 0, '7': 7, '12': 12, '13': 13, '16': 16 };
/** What Settings shows for each choice, with certifications people recognise. */
export const AGE_RATING_LABELS: Record<MaxAgeRatingValue, string> = {
  all: 'All ages (U, G, TV-Y)',
  '7': '7+ (PG, TV-Y7)',
  '12': '12+ (12A, UA, FSK 12)',
  '13': '13+ (PG-13)',
  '16': '16+ (15, FSK 16)',
};

/** The dashboard's time choices, in minutes (and "Any length", and a custom time). */
export const TIME_CHOICES = [45, 60, 90, 100, 120, 150, 180] as const;

/** "1 h 40", "45 min", "2 h": how the product writes a time budget (as the engine's reasons do). */
export function formatMinutes(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, '0')}`;
}

/** The exploration dial's five stops; null (the middle) is the default balance. */
export const EXPLORATION_STOPS = [
  { value: 0, label: 'Safe crowd-pleaser' },
  { value: 0.25, label: 'Mostly safe' },
  { value: null, label: 'Balanced' },
  { value: 0.75, label: 'Off the beaten path' },
  { value: 1, label: 'Deep cut' },
] as const;

/** The stop nearest to a remembered value (the API accepts any number from 0 to 1). */
export function explorationStop(value: number | null): number {
  if (value === null) return 2;
  return Math.min(4, Math.max(0, Math.round(value * 4)));
}

/**
 * One line for the card and the popup: "1 h 40 · Movie · Deep cut". Only what is set; with
 * nothing set, "Any length · Movie or series".
 */
export function describeTonight(t: Tonight): string {
  const parts: string[] = [t.max_minutes === null ? 'Any length' : formatMinutes(t.max_minutes)];
  parts.push(t.kind === 'movie' ? 'Movie' : t.kind === 'series' ? 'Series' : 'Movie or series');
  if (t.finish_tonight && t.max_minutes !== null && t.kind !== 'movie') parts.push('Finish tonight');
  if (t.exploration !== null) {
    const stop = EXPLORATION_STOPS[explorationStop(t.exploration)];
    if (stop.value !== null) parts.push(stop.label);
  }
  return parts.join(' · ');
}
