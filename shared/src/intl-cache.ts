// Intl.DateTimeFormat objects are costly to build (tens of microseconds: the zone's rules and the
// locale's data are loaded each time) and cheap to reuse, and the same few zones come up on every
// request (the weekly window's reset day, a schedule's dates, a timezone field). So each is built
// once per zone and kind and kept, up to a bound: a valid zone's name is the only key that gets
// in (a bad one throws before it is stored), and the bound keeps even every IANA name times every
// kind in a small, fixed amount of memory.
const MAX_FORMATS = 1024;
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * The formatter for `locale` and `options` in `timeZone`, built once. `kind` names the options (one
 * options object per kind in the caller), so the key needs no serialising. Throws RangeError for
 * a zone this runtime does not know, as the constructor does.
 */
export function zonedFormat(kind: string, locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${kind}\u0000${timeZone}`;
  const hit = formats.get(key);
  if (hit) return hit;
  const made = new Intl.DateTimeFormat(locale, { ...options, timeZone });
  // Oldest first out: Map keeps insertion order.
  if (formats.size >= MAX_FORMATS) formats.delete(formats.keys().next().value!);
  formats.set(key, made);
  return made;
}

const ZONE_CHECK: Intl.DateTimeFormatOptions = {};

/** A zone this runtime's Intl knows (every IANA name, aliases included). */
export function knownZone(tz: string): boolean {
  try {
    zonedFormat('check', 'en-US', tz, ZONE_CHECK);
    return true;
  } catch {
    return false;
  }
}
