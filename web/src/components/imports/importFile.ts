// Reading an export file in the browser for POST /api/imports: a .zip as base64, anything else as
// text. Files over IMPORT_MAX_BYTES are refused before they are read.
// The limits come from shared's zod-free constants (a value from its schemas would bring zod into
// the settings and onboarding chunks).
import { IMPORT_MAX_BYTES, IMPORT_SOURCES, type CreateImportRequest, type ImportCounts, type ImportSource } from '@app/shared';
import type { MessageValues } from '../../i18n/useT';

export { IMPORT_MAX_BYTES, IMPORT_SOURCES };

/** The keys (shared/locales/imports) of what the import flow says when it cannot go on. */
export const IMPORT_ERRORS = {
  tooLarge: 'imports.file.tooLarge',
  noFile: 'imports.file.noFile',
  unreadable: 'imports.file.unreadable',
  previewFailed: 'imports.flow.previewFailed',
  confirmFailed: 'imports.flow.confirmFailed',
  cancelFailed: 'imports.flow.cancelFailed',
  undoFailed: 'imports.past.undoFailed',
} as const;

/** Where each service keeps its export, in its own menu words: the key of each source's help. */
export const SOURCE_HELP: ReadonlyArray<{ source: ImportSource; key: string }> = [
  { source: 'letterboxd', key: 'imports.help.letterboxd' },
  { source: 'imdb', key: 'imports.help.imdb' },
  { source: 'netflix', key: 'imports.help.netflix' },
  { source: 'trakt', key: 'imports.help.trakt' },
  { source: 'tonights_pick', key: 'imports.help.tonightsPick' },
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

/** A file the browser cannot send; `message` is the key of the words to show (IMPORT_ERRORS). */
export class ImportFileError extends Error {}

/** The request body for a file (with the Netflix profile chosen, if any), or an ImportFileError with the key of the words to show. */
export async function importRequest(file: File, source: ImportSource | '', profile = ''): Promise<CreateImportRequest> {
  if (file.size > IMPORT_MAX_BYTES) throw new ImportFileError(IMPORT_ERRORS.tooLarge);
  let content: string;
  let encoding: 'text' | 'base64' = 'text';
  try {
    if (isZip(file)) {
      const url = await read(file, 'dataUrl');
      content = url.slice(url.indexOf(',') + 1);
      encoding = 'base64';
    } else content = await read(file, 'text');
  } catch {
    throw new ImportFileError(IMPORT_ERRORS.unreadable);
  }
  return { filename: file.name, content, encoding, ...(source ? { source } : {}), ...(profile ? { profile } : {}) };
}

type Translate = (key: string, values?: MessageValues) => string;

/**
 * "12 likes, 3 dislikes, 40 watched and 5 saved for later" (only the non-zero parts), each part a
 * plural message and the list joined as the language joins one (Intl.ListFormat; English as en-GB,
 * without a comma before "and").
 */
export function countsText(c: ImportCounts, t: Translate, locale: string): string {
  const parts = [
    c.likes ? t('imports.counts.likes', { count: c.likes }) : '',
    c.dislikes ? t('imports.counts.dislikes', { count: c.dislikes }) : '',
    c.watched ? t('imports.counts.watched', { count: c.watched }) : '',
    c.watchlist ? t('imports.counts.savedForLater', { count: c.watchlist }) : '',
  ].filter(Boolean);
  if (parts.length === 0) return t('imports.counts.nothing');
  return new Intl.ListFormat(locale === 'en' ? 'en-GB' : locale, { type: 'conjunction' }).format(parts);
}
