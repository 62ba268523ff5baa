// No source file over 300 lines (docs/architecture.md, "House style"); `npm run lint` runs this.
// It reads the folders and the ignored paths (tests, test helpers) from .jscpd.json, so the copy
// detector and this gate look at the same files. Prints each long file with its length; exit 1.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { walk } from './check-cycles.mjs';
import { root } from './lib.mjs';

export const MAX_LINES = 300;
const CODE = /\.(ts|tsx|mts|mjs|js)$/;

/** The few glob forms .jscpd.json uses ("**\/", "**", "*"), as one regular expression. */
export function globsToRegExp(globs) {
  const one = (glob) =>
    glob
      .split(/(\*\*\/|\*\*|\*)/)
      .map((part) => (part === '**/' ? '(?:.*/)?' : part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
  return new RegExp(`^(?:${globs.map(one).join('|')})$`);
}

/** The files among `files` (paths relative to the repo) longer than `max` lines, with their lengths. */
export function longFiles(files, { base = root, ignore = [], max = MAX_LINES } = {}) {
  const skip = globsToRegExp(ignore);
  return files
    .filter((file) => CODE.test(file) && !skip.test(file))
    .map((file) => ({ file, lines: readFileSync(join(base, file), 'utf8').replace(/\n$/, '').split('\n').length }))
    .filter(({ lines }) => lines > max);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = JSON.parse(readFileSync(join(root, '.jscpd.json'), 'utf8'));
  const files = config.path.flatMap((dir) => walk(join(root, dir), [])).map((f) => relative(root, f));
  const long = longFiles(files, { ignore: config.ignore });
  for (const { file, lines } of long) console.error(`file length: ${file} has ${lines} lines (at most ${MAX_LINES}: split it along a seam)`);
  if (long.length) process.exit(1);
  console.log(`check-length: ${files.length} files, none over ${MAX_LINES} lines`);
}
