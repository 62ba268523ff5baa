// `.env` in the working directory, read at start by the server and the operator commands before
// the configuration is parsed (README, "Configuration"). Node's own process.loadEnvFile sets the
// variables; a variable already in the environment keeps its value. A missing file is fine.
//
// Node's parser never refuses a file: it skips a line it cannot read and cuts an unquoted value at
// `#` (`SMTP_URL=smtp://u:pa#ss@host` silently becomes `smtp://u:pa`). So the file is checked first,
// line by line, and a line Node would misread stops the start with one line naming it.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from './config.js';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Why this line of a .env file would not give NAME=value as written, or null when it is fine. */
function lineProblem(line: string): string | null {
  const t = line.trim();
  if (t === '' || t.startsWith('#')) return null;
  const body = t.startsWith('export ') ? t.slice('export '.length).trimStart() : t;
  const eq = body.indexOf('=');
  if (eq < 0) return 'is not NAME=value';
  const name = body.slice(0, eq).trim();
  if (!NAME.test(name)) return `has no valid variable name before "=" (letters, digits and _, not starting with a digit)`;
  const value = body.slice(eq + 1).trim();
  const quote = value[0];
  if (quote === '"' || quote === "'" || quote === '`') {
    const close = value.indexOf(quote, 1);
    if (close < 0) return `opens a ${quote} quote that does not close on the same line`;
    const after = value.slice(close + 1).trim();
    if (after !== '' && !after.startsWith('#')) return `has text after the closing ${quote} quote`;
    return null;
  }
  // Unquoted: `#` starts a comment, so a value containing one (a password...) would be cut there.
  const hash = value.indexOf('#');
  if (hash >= 0 && (hash === 0 || !/\s/.test(value[hash - 1]))) return `has a # in ${name}'s value, which would cut the value there: put the value in quotes`;
  return null;
}

/**
 * Loads `file` (default `.env` in the working directory) into process.env with
 * process.loadEnvFile. Returns the path read, or null when there is no such file. Throws
 * ConfigError with one line when the file cannot be read or a line is malformed.
 */
export function loadEnvFile(file = '.env'): string | null {
  const path = resolve(file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    throw new ConfigError(`Cannot read ${path}: ${code === 'EISDIR' ? 'it is a directory' : (err as Error).message}`);
  }
  checkEnvText(text, path);
  process.loadEnvFile(path);
  return path;
}

/** Throws ConfigError naming the first line of a .env text that Node would not read as written. */
export function checkEnvText(text: string, path: string): void {
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const problem = lineProblem(lines[i]);
    if (problem) throw new ConfigError(`Invalid ${path}: line ${i + 1} ${problem}`);
  }
}
