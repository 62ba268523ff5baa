// Line-by-line reading of large text files without holding them as one string (ml-25m's
// ratings.csv is bigger than V8's string limit), and a CSV field splitter that honours quotes.
import { closeSync, openSync, readSync } from 'node:fs';

export type TextEncoding = 'utf-8' | 'latin1';

export function forEachLine(path: string, encoding: TextEncoding, onLine: (line: string) => void): void {
  const fd = openSync(path, 'r');
  const decoder = new TextDecoder(encoding);
  const buffer = Buffer.allocUnsafe(1 << 22);
  let rest = '';
  try {
    for (;;) {
      const n = readSync(fd, buffer, 0, buffer.length, null);
      const text = rest + decoder.decode(buffer.subarray(0, n), { stream: n > 0 });
      const lines = text.split('\n');
      rest = n > 0 ? lines.pop()! : '';
      for (const raw of lines) {
        const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
        if (line.length > 0) onLine(line);
      }
      if (n === 0) break;
    }
  } finally {
    closeSync(fd);
  }
}

/** Splits one CSV record (RFC 4180 quoting: "a, b" and "" for a quote inside quotes). */
export function splitCsv(line: string): string[] {
  if (!line.includes('"')) return line.split(',');
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') { field += '"'; i++; }
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { fields.push(field); field = ''; }
    else field += c;
  }
  fields.push(field);
  return fields;
}

export function toNumber(text: string, what: string): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n)) throw new Error(`${what}: not a number: ${JSON.stringify(text)}`);
  return n;
}
