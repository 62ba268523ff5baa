// Where the calendar token key comes from: CALENDAR_ENCRYPTION_KEY, or else a key file generated
// once in DATA_DIR (never the database, so a database dump alone opens nothing). Several
// instances on PostgreSQL must share the key: set the variable, or share DATA_DIR.
// Every key is checked at start (checkCalendarKeys): an empty or non-random key stops the server
// with one line naming its source (docs/operations.md).
import { join } from 'node:path';
import type { Config } from '../../config.js';
import { createTokenCipher, decodeKey, type TokenCipher } from './token-cipher.js';
import { keyBytesWeakness } from '../../config.js';
import { SecretError, fileSecret, readSecretFile } from './secrets.js';

export const CALENDAR_KEY_FILE = 'calendar-token-key';

export interface CipherSource {
  cipher: TokenCipher;
  /** 'env' when CALENDAR_ENCRYPTION_KEY is set, 'file' for the generated key file. */
  source: 'env' | 'file';
}

const FILE_FIX = 'restore it from a backup, or delete it and reconnect Google Calendar for every user (tokens sealed with it are lost)';

function mustDecode(text: string, what: string, fix = 'set 32 bytes of randomness, base64-encoded (openssl rand -base64 32)'): Buffer {
  const key = decodeKey(text);
  const weakness = text.trim() === '' ? 'is empty' : !key ? 'is not a 32-byte base64 key' : keyBytesWeakness(key);
  if (weakness) throw new SecretError(`Invalid secret: ${what} ${weakness}; ${fix}`);
  return key!;
}

type KeyConfig = Pick<Config, 'dataDir' | 'calendarEncryption'>;

/** The key file's key when the file exists (checked), else null. */
function fileKey(config: KeyConfig): Buffer | null {
  const filePath = join(config.dataDir, CALENDAR_KEY_FILE);
  const text = readSecretFile(filePath);
  return text === null ? null : mustDecode(text, filePath, FILE_FIX);
}

/** At start: every configured key, and the key file if present, is a real 32-byte key. */
export function checkCalendarKeys(config: KeyConfig): void {
  const { key, previousKeys } = config.calendarEncryption;
  if (key) mustDecode(key, 'CALENDAR_ENCRYPTION_KEY');
  previousKeys.forEach((k, i) => mustDecode(k, `CALENDAR_ENCRYPTION_PREVIOUS_KEYS[${i}]`));
  fileKey(config);
}

export function loadCalendarCipher(config: KeyConfig): CipherSource {
  const { key, previousKeys } = config.calendarEncryption;
  const previous = previousKeys.map((k, i) => mustDecode(k, `CALENDAR_ENCRYPTION_PREVIOUS_KEYS[${i}]`));
  if (key) {
    // Moving from the generated file to the variable: tokens sealed by the file key still open.
    const old = fileKey(config);
    if (old) previous.push(old);
    return { cipher: createTokenCipher(mustDecode(key, 'CALENDAR_ENCRYPTION_KEY'), previous), source: 'env' };
  }
  const generated = fileSecret(config.dataDir, CALENDAR_KEY_FILE, {
    bytes: 32,
    validate: (value, path) => void mustDecode(value, path, FILE_FIX),
  });
  return { cipher: createTokenCipher(decodeKey(generated)!, previous), source: 'file' };
}
