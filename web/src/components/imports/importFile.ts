// Reading an export file in the browser for POST /api/imports: a .zip as base64, anything else as
// text. Files over IMPORT_MAX_BYTES are refused before they are read.
// The limits come from shared's zod-free constants (a value from its schemas would bring zod into
// the settings and onboarding chunks).
import { IMPORT_MAX_BYTES, IMPORT_SOURCES, type CreateImportRequest, type ImportCounts, type ImportSource } from '@app/shared';

export { IMPORT_MAX_BYTES, IMPORT_SOURCES };

export const IMPORT_TEXTS = {
  tooLarge: 'The file is larger than 10 MB',
  noFile: 'Choose your export file first.',
  unreadable: 'Could not read that file. Please choose it again.',
  previewFailed: 'Could not read your export. Please try again.',
  confirmFailed: 'Could not import your titles. Please try again.',
  cancelFailed: 'Could not cancel this import. Please try again.',
  undoFailed: 'Could not undo that import. Please try again.',
} as const;

/** Where each service keeps its export, in its own menu words. */
export const SOURCE_HELP: ReadonlyArray<{ source: ImportSource; where: string; file: string }> = [
  { source: 'letterboxd', where: 'Settings › Data › Export your data', file: 'the .zip it emails or downloads' },
  { source: 'imdb', where: 'Your Ratings (or Watchlist) › ⋯ › Export, then Your exports', file: 'the .csv' },
  { source: 'netflix', where: 'Account › Profile › Viewing activity › Download all (or Account › Security › Download your personal information)', file: 'the .csv (or that download\'s .zip)' },
  { source: 'trakt', where: 'Settings › Data › Export', file: 'the .zip or a .json file from it' },
  { source: 'tonights_pick', where: 'Settings › Export my data › Export my data (JSON), on this or another account', file: 'the .json' },
];

const isZip = (f: File) => /\.zip$/i.test(f.name) || f.type === 'application/zip' || f.type === 'application/x-zip-compressed';

function read(file: File, as: 'text' | 'dataUrl'): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    if (as === 'text') reader.readAsText(file);
    else reader.readAsDataURL(file);
  });
}

export class ImportFileError extends Error {}

/** The request body for a file (with the Netflix profile chosen, if any), or an ImportFileError with the words to show. */
export async function importRequest(file: File, source: ImportSource | '', profile = ''): Promise<CreateImportRequest> {
  if (file.size > IMPORT_MAX_BYTES) throw new ImportFileError(IMPORT_TEXTS.tooLarge);
  let content: string;
  let encoding: 'text' | 'base64' = 'text';
  try {
    if (isZip(file)) {
      const url = await read(file, 'dataUrl');
      content = url.slice(url.indexOf(',') + 1);
      encoding = 'base64';
    } else content = await read(file, 'text');
  } catch {
    throw new ImportFileError(IMPORT_TEXTS.unreadable);
  }
  return { filename: file.name, content, encoding, ...(source ? { source } : {}), ...(profile ? { profile } : {}) };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** "12 likes, 3 dislikes, 40 watched and 5 saved for later" (only the non-zero parts). */
export function countsText(c: ImportCounts): string {
  const parts = [
    c.likes ? plural(c.likes, 'like') : '',
    c.dislikes ? plural(c.dislikes, 'dislike') : '',
    c.watched ? `${c.watched.toLocaleString()} watched` : '',
    c.watchlist ? `${c.watchlist.toLocaleString()} saved for later` : '',
  ].filter(Boolean);
  if (parts.length === 0) return 'nothing new';
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

export { plural };
