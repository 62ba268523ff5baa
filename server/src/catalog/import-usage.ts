// The usage line of `npm run catalog -- import` (kept apart so the command list loads nothing else).
export const IMPORT_USAGE =
  'import FORMAT FILE... [options]  FORMAT: imdb-tsv [--min-votes N] | streaming-csv --region XX [--platform NAME] [--as-of YYYY-MM] | platform-flags [--region XX] [--as-of YYYY-MM]';
