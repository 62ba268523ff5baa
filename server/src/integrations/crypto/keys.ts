// Where the calendar token key comes from: CALENDAR_ENCRYPTION_KEY, or else a key file generated
// once in DATA_DIR (never the database, so a database dump alone opens nothing). Several
// instances on PostgreSQL must share the key: set the variable, or share DATA_DIR.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileSecret, type Config } from '../../config.js';
import { createTokenCipher, decodeKey, type TokenCipher } from './token-cipher.js';

export const CALENDAR_KEY_FILE = 'calendar-token-key';

export interface CipherSource {
  cipher: TokenCipher;
  /** 'env' when CALENDAR_ENCRYPTION_KEY is set, 'file' for the generated key file. */
  source: 'env' | 'file';
}

function mustDecode(text: string, what: string): Buffer {
  const key = decodeKey(text);
  if (!key) throw new Error(`${what} is not a 32-byte base64 key`);
  return key;
}

export function loadCalendarCipher(config: Pick<Config, 'dataDir' | 'calendarEncryption'>): CipherSource {
  const { key, previousKeys } = config.calendarEncryption;
  const previous = previousKeys.map((k, i) => mustDecode(k, `CALENDAR_ENCRYPTION_PREVIOUS_KEYS[${i}]`));
  const filePath = join(config.dataDir, CALENDAR_KEY_FILE);
  if (key) {
    // Moving from the generated file to the variable: tokens sealed by the file key still open.
    if (existsSync(filePath)) previous.push(mustDecode(readFileSync(filePath, 'utf8'), filePath));
    return { cipher: createTokenCipher(mustDecode(key, 'CALENDAR_ENCRYPTION_KEY'), previous), source: 'env' };
  }
  const generated = fileSecret(config.dataDir, CALENDAR_KEY_FILE, 32);
  return { cipher: createTokenCipher(mustDecode(generated, filePath), previous), source: 'file' };
}
