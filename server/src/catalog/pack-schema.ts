// The rules of one line of the built-in catalog pack (server/catalog/FORMAT.md), as zod schemas.
// They mirror scripts/check-catalog.mjs, which runs before `npm install`; keep the two in step.
import { z } from 'zod';
import { GENRES, LANGUAGE_NAMES } from '@app/shared';

const MAX_YEAR = Math.max(2026, new Date().getUTCFullYear());
const int = z.number().int();
const year = int.min(1920).max(MAX_YEAR);
const nonBlank = z.string().refine((s) => s.trim().length > 0, 'must not be blank');

export const PackPlatform = z.strictObject({
  name: nonBlank,
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  color: z.string().regex(/^#[0-9A-Fa-f]{6}$/),
  search_url: z.url().refine((u) => u.includes('{q}'), 'must contain {q}'),
  hosts: z.array(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/)).min(1),
  /** Where the service operates (ISO country codes); left out when it operates nearly everywhere. */
  countries: z.array(z.string().regex(/^[A-Z]{2}$/)).min(1).optional(),
});
export type PackPlatform = z.infer<typeof PackPlatform>;
export const PlatformsFile = z.object({ platforms: z.array(PackPlatform).min(1) });

const LANGUAGE_CODES = Object.keys(LANGUAGE_NAMES) as [keyof typeof LANGUAGE_NAMES, ...(keyof typeof LANGUAGE_NAMES)[]];

/** Builds the line schema for the platforms the pack declares (availability must name one). */
export function packTitleSchema(platformNames: ReadonlySet<string>) {
  const availability = z.strictObject({
    platform: z.string().refine((p) => platformNames.has(p), 'unknown platform'),
    region: z.string().regex(/^(GLOBAL|[A-Z]{2})$/),
    as_of: z.string().regex(/^\d{4}-\d{2}$/),
  });
  const common = {
    title: nonBlank,
    original_title: nonBlank.optional(),
    year,
    genres: z.array(z.enum(GENRES)).min(1).max(3),
    language: z.enum(LANGUAGE_CODES),
    imdb: z.number().min(1).max(10).nullable(),
    rt: int.min(0).max(100).nullable(),
    fame: int.min(1).max(5),
    description: z.string().min(60).max(260),
    keywords: z
      .array(z.string().min(2).refine((k) => k === k.toLowerCase(), 'must be lower-case'))
      .min(3)
      .max(8),
    director: nonBlank,
    cast: z.array(nonBlank).max(3),
    availability: z.array(availability),
  };
  const movie = z.strictObject({ kind: z.literal('movie'), ...common, runtime: int.min(40).max(300) });
  const series = z
    .strictObject({
      kind: z.literal('series'),
      ...common,
      end_year: year.nullable(),
      seasons: int.min(1).max(60),
      episode_runtime: int.min(5).max(120),
      // Only where the count is certain (a finished miniseries): "finish tonight" promises it.
      episodes: int.min(1).max(5000).optional(),
    })
    .refine((s) => s.end_year === null || s.end_year >= s.year, { message: 'end_year is before year', path: ['end_year'] });
  return z.discriminatedUnion('kind', [movie, series]);
}
export type PackTitle = z.infer<ReturnType<typeof packTitleSchema>>;

/** One line's problems in the checker's style: "path: message; ...". */
export function describeIssues(err: z.ZodError): string {
  return err.issues.map((i) => `${i.path.map(String).join('.') || '(line)'}: ${i.message}`).join('; ');
}
