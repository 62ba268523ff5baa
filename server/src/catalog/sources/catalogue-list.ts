// The CSV lists of services' whole catalogues (streaming-csv.ts, platform-flags.ts) share one
// pass: header, rows, then the offers the list no longer confirms expired.
import { basename } from 'node:path';
import { ImportError, openRows, type ImportRun } from './import-run.js';
import { formatCount } from './progress.js';
import type { SourceTitle } from './types.js';

/** Which offers a service's list speaks for: every title of these platforms in this region. */
export interface ListScope {
  platforms: string[];
  region: string;
}

/**
 * One pass over a CSV list of services' whole catalogues in a region (streaming-csv,
 * platform-flags): `header` checks the first row and names the list's scope, `title` turns each
 * row into a title (a string: why the row is refused). The scope's offers this list did not
 * confirm (older than `asOf`) are then expired: their titles have left the services.
 */
export async function importCatalogueList(
  run: ImportRun,
  file: string,
  asOf: string,
  header: (fields: string[]) => ListScope,
  title: (fields: string[]) => SourceTitle | string,
): Promise<void> {
  const opened = await openRows(file, { delimiter: ',' });
  const progress = run.startPass('rows');
  let scope: ListScope | null = null;
  let n = 0;
  for await (const r of opened.rows) {
    if (!scope) {
      scope = header(r.fields);
      continue;
    }
    const s = title(r.fields);
    if (typeof s === 'string') run.fail(file, r.line, s);
    else await run.add(file, r.line, s);
    run.tick();
    if (++n % 1000 === 0 && opened.read() > 0) progress.setTotal(Math.round((n * opened.size) / opened.read()));
  }
  if (!scope) throw new ImportError(`${file}: empty file (no header line)`);
  await run.flush();
  run.expiredOffers += await run.merger.expireOffers(asOf, scope);
  progress.setTotal(n);
  run.endPass(`${basename(file)}: ${formatCount(n)} rows read`);
}
