// Tonight's constraints (issue 19): read from and written to the user row, merged with what a pick
// request sends, turned into the engine's options, and named in the 409 when nothing is left.
// Pure: the row comes from the caller, which holds the user's lock when it writes.
import {
  AGE_OF_RATING,
  AGE_RATING_LABELS,
  DEFAULT_LOCALE,
  MAX_AGE_RATINGS,
  type Exclusions,
  type Kind,
  type Locale,
  type Mood,
  type TonightConstraints,
} from '@app/shared';
import type { Updateable } from 'kysely';
import type { UsersTable } from '../../db/schema.js';
import type { RecommendOptions } from '../../engine/index.js';
import { wordsFor } from '../../engine/phrasing.js';
import { translate, type MessageValues } from '../../i18n/messages.js';
import { exclusionsOf, maxAgeRatingOf, tonightOf, type UserTonightRow } from '../users/user-fields.js';

// The user's own reading of these columns lives with the user row; the account export reads them here too.
export { exclusionsOf, maxAgeRatingOf, tonightOf } from '../users/user-fields.js';

type TonightRow = UserTonightRow;

/** What a pick request may send about tonight: undefined leaves the remembered value, null clears it. */
export interface TonightInput {
  max_minutes?: number | null;
  finish_tonight?: boolean;
  kind?: Kind | null;
  exploration?: number | null;
}

/** The columns a change of tonight's constraints writes: only the fields given. */
export function tonightPatch(input: TonightInput): Updateable<UsersTable> {
  const patch: Updateable<UsersTable> = {};
  if (input.max_minutes !== undefined) patch.tonight_max_minutes = input.max_minutes;
  if (input.finish_tonight !== undefined) patch.tonight_finish = input.finish_tonight ? 1 : 0;
  if (input.kind !== undefined) patch.tonight_kind = input.kind;
  if (input.exploration !== undefined) patch.tonight_exploration = input.exploration;
  return patch;
}

/** Settings' "Never show me": a list left out stays as it was. */
export function exclusionsPatch(row: TonightRow, input: Partial<Exclusions>): Updateable<UsersTable> {
  const merged = { ...exclusionsOf(row), ...input };
  const empty = !merged.genres.length && !merged.keywords.length && !merged.people.length;
  return { exclusions: empty ? null : JSON.stringify(merged) };
}

/** The remembered constraints with the request's fields laid over them. */
export function mergeTonight(row: TonightRow, input: TonightInput): TonightConstraints {
  const kept = tonightOf(row);
  return {
    max_minutes: input.max_minutes === undefined ? kept.max_minutes : input.max_minutes,
    finish_tonight: input.finish_tonight ?? kept.finish_tonight,
    kind: input.kind === undefined ? kept.kind : input.kind,
    exploration: input.exploration === undefined ? kept.exploration : input.exploration,
  };
}

export type TonightOptions = Pick<RecommendOptions, 'maxMinutes' | 'finishTonight' | 'exploration' | 'exclusions' | 'maxAge' | 'kind'>;

/** The engine's options for these constraints and the row's exclusions and age limit. */
export function engineTonight(row: TonightRow, t: TonightConstraints): TonightOptions {
  const exclusions = exclusionsOf(row);
  const rating = maxAgeRatingOf(row);
  const options: TonightOptions = {};
  if (t.kind) options.kind = t.kind;
  if (t.max_minutes !== null) {
    options.maxMinutes = t.max_minutes;
    // "Finish tonight" is about series, and means something only with a time to finish in.
    if (t.finish_tonight && t.kind !== 'movie') options.finishTonight = true;
  }
  if (t.exploration !== null) options.exploration = t.exploration;
  if (exclusions.genres.length || exclusions.keywords.length || exclusions.people.length) options.exclusions = exclusions;
  if (rating) options.maxAge = AGE_OF_RATING[rating];
  return options;
}

const joinWith = (items: string[], word: 'and' | 'or'): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${word} ${items[items.length - 1]}`;

/**
 * The 409 when no title is left, in `locale`: names every constraint that narrowed the choice and
 * what to loosen, e.g. "Nothing left fits 1 h 40 and your exclusions. Try a longer time or fewer
 * exclusions." (shared/locales/server-picks; English lists as they always read, Intl's elsewhere).
 */
export function nothingLeftDetail(options: TonightOptions & { mood?: Mood; platform?: string }, locale: Locale = DEFAULT_LOCALE): string {
  const w = wordsFor(locale);
  const t = (key: string, values?: MessageValues) => translate(locale, key, values);
  const fits: string[] = [];
  const loosen: string[] = [];
  if (options.maxMinutes !== undefined) {
    const time = w.minutes(options.maxMinutes);
    fits.push(options.finishTonight ? t('server-picks.tonight.fitsFinish', { time }) : time);
    loosen.push(options.finishTonight ? t('server-picks.tonight.loosenFinish') : t('server-picks.tonight.loosenTime'));
  }
  if (options.kind) {
    fits.push(options.kind === 'movie' ? t('server-picks.tonight.fitsMovies') : t('server-picks.tonight.fitsSeries'));
    loosen.push(t('server-picks.tonight.loosenKind'));
  }
  if (options.mood) {
    fits.push(t('server-picks.tonight.fitsMood', { mood: w.mood(options.mood) }));
    loosen.push(t('server-picks.tonight.loosenMood'));
  }
  if (options.platform) {
    fits.push(options.platform);
    loosen.push(t('server-picks.tonight.loosenService'));
  }
  if (options.exclusions) {
    fits.push(t('server-picks.tonight.fitsExclusions'));
    loosen.push(t('server-picks.tonight.loosenExclusions'));
  }
  if (options.maxAge !== undefined) {
    const rating = MAX_AGE_RATINGS.find((r) => AGE_OF_RATING[r] === options.maxAge);
    fits.push(rating ? t('server-picks.tonight.fitsAgeLimit', { rating: AGE_RATING_LABELS[rating].split(' (')[0] }) : t('server-picks.tonight.fitsAnyAgeLimit'));
    loosen.push(t('server-picks.tonight.loosenAgeLimit'));
  }
  if (fits.length === 0) return t('server-picks.tonight.seenEverything');
  const either = new Intl.ListFormat(locale, { type: 'disjunction' });
  return t('server-picks.tonight.nothingLeft', {
    fits: w.english ? joinWith(fits, 'and') : w.list(fits),
    loosen: w.english ? joinWith(loosen, 'or') : either.format(loosen),
  });
}
