// Values for the fuzz test, generated from the shared zod schemas (zod 4's public `_zod.def`):
// valid-shaped ones that follow each field's type, length, pattern and range, and mutated ones
// one step away from valid. Strings are often drawn from `pool` (real genres, ids, tokens,
// emails; by field name where known) so requests reach past validation into the services.
import fc from 'fast-check';
import type { z } from 'zod';

type Def = Record<string, any>;

export interface Pool {
  /** Real values any string field may get. */
  strings: string[];
  /** Real values for fields of a given name (e.g. timezone, recommendation_id, token). */
  byField: Record<string, string[]>;
}
const NO_POOL: Pool = { strings: [], byField: {} };
const defOf = (s: z.ZodType): Def => (s as any)._zod.def;

interface Bounds {
  min?: number;
  max?: number;
  pattern?: RegExp;
  format?: string;
}

function bounds(def: Def): Bounds {
  const b: Bounds = {};
  if (def.format && def.format !== 'regex') b.format = def.format;
  if (def.pattern instanceof RegExp && def.format !== 'email') b.pattern = def.pattern;
  for (const c of def.checks ?? []) {
    const d = c._zod.def;
    if (d.check === 'min_length') b.min = d.minimum;
    else if (d.check === 'max_length') b.max = d.maximum;
    else if (d.check === 'length_equals') b.min = b.max = d.length;
    else if (d.check === 'greater_than') b.min = d.value + (d.inclusive ? 0 : 1);
    else if (d.check === 'less_than') b.max = d.value - (d.inclusive ? 0 : 1);
    else if (d.check === 'string_format' && d.format === 'regex') b.pattern = d.pattern;
    else if (d.check === 'string_format') b.format = d.format;
  }
  return b;
}

function stringArb(def: Def, pool: Pool, field: string | undefined): fc.Arbitrary<string> {
  const b = bounds(def);
  const min = b.min ?? 0;
  const fits = (s: string) => s.length >= min && s.length <= (b.max ?? Infinity);
  const named = (field ? pool.byField[field] ?? [] : []).filter(fits);
  const generic = (): fc.Arbitrary<string> => {
    if (b.format === 'email') return fc.oneof(fc.emailAddress(), fc.constantFrom(...pool.strings.filter((s) => s.includes('@')).concat('x@example.test')));
    if (b.pattern) return fc.stringMatching(b.pattern).filter((s) => s.length <= (b.max ?? 4096));
    return freeText(b, pool, fits);
  };
  return named.length ? fc.oneof({ arbitrary: fc.constantFrom(...named), weight: 4 }, { arbitrary: generic(), weight: 1 }) : generic();
}

function freeText(b: Bounds, pool: Pool, fits: (s: string) => boolean): fc.Arbitrary<string> {
  const min = b.min ?? 0;
  const max = Math.max(min, Math.min(b.max ?? 80, 80));
  const fitting = pool.strings.filter(fits);
  const free = fc.string({ minLength: min, maxLength: max, unit: 'grapheme' });
  // Text that is valid JSON but trips storage or rendering: NUL, a lone surrogate, bidi, SQL.
  const odd = fc.constantFrom('\u0000', 'x\u0000y', '\uD800', '\u202Eevil', "'; drop table users; --", '%00', ' ').filter(fits);
  return fc.oneof(
    ...(fitting.length ? [{ arbitrary: fc.constantFrom(...fitting), weight: 6 }] : []),
    { arbitrary: free, weight: 2 },
    { arbitrary: odd, weight: 1 },
  );
}

function numberArb(def: Def): fc.Arbitrary<number> {
  const b = bounds(def);
  const isInt = (def.checks ?? []).some((c: any) => c._zod.def.format === 'safeint' || c._zod.def.format === 'int32');
  const min = b.min ?? -1e6;
  const max = b.max ?? 1e6;
  return isInt ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
}

/** A value of the schema's input shape (it may still fail a refinement, as real input would). */
export function validShaped(schema: z.ZodType, pool: Pool = NO_POOL, field?: string): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringArb(def, pool, field);
    case 'number':
      return numberArb(def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'enum':
      return fc.constantFrom(...(Object.values(def.entries) as unknown[]));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return validShaped(def.innerType, pool, field);
    case 'nullable':
      return fc.option(validShaped(def.innerType, pool, field), { nil: null, freq: 4 });
    case 'pipe':
      return defOf(def.out).type === 'transform' ? validShaped(def.in, pool, field) : validShaped(def.out, pool, field);
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((o) => validShaped(o, pool, field)));
    case 'array': {
      const b = bounds(def);
      const min = b.min ?? 0;
      return fc.array(validShaped(def.element, pool, field), { minLength: min, maxLength: Math.max(min, Math.min(b.max ?? 6, 8)) });
    }
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 12 }), validShaped(def.valueType, pool), { maxKeys: 5 });
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const required = Object.keys(shape).filter((k) => !['optional', 'default', 'prefault'].includes(defOf(shape[k]).type));
      const model = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, validShaped(v, pool, k)]));
      return fc.record(model, { requiredKeys: required });
    }
    default:
      return fc.anything();
  }
}

/** Anything JSON can carry, with the awkward values a parser meets: huge, deep, odd numbers. */
export const garbageValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 6 },
  { arbitrary: fc.constantFrom(null, true, 0, -1, 1e308, -0, '', ' ', '\u0000', '%zz', '../../etc/passwd', "' OR 1=1 --", '<script>', '\u202e', '𝔘𝔫𝔦'), weight: 4 },
  { arbitrary: fc.tuple(fc.string({ maxLength: 8 }), fc.integer({ min: 100, max: 2000 })).map(([s, n]) => (s || 'x').repeat(n)), weight: 1 },
  { arbitrary: fc.integer({ min: 1, max: 60 }).map((n) => JSON.parse('['.repeat(n) + ']'.repeat(n)) as unknown), weight: 1 },
);

/** One step away from a valid-shaped value: a key dropped, retyped, added, or the whole replaced. */
export function mutated(schema: z.ZodType, pool: Pool = NO_POOL): fc.Arbitrary<unknown> {
  return validShaped(schema, pool).chain((v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return garbageValue;
    const obj = v as Record<string, unknown>;
    const keys = Object.keys((defOf(schema).shape as object | undefined) ?? obj);
    const key = keys.length ? fc.constantFrom(...keys) : fc.string({ maxLength: 8 });
    return fc.oneof(
      key.map((k) => {
        const { [k]: _, ...rest } = obj;
        return rest;
      }),
      fc.tuple(key, garbageValue).map(([k, g]) => ({ ...obj, [k]: g })),
      fc.tuple(fc.string({ maxLength: 12 }), garbageValue).map(([k, g]) => ({ ...obj, [k]: g })),
      fc.constant({ ...obj, __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } }),
      fc.constant([obj]),
      garbageValue,
    );
  });
}
