// English text back to its catalog Message (issue 39, docs/i18n.md, "The server"). The server's
// error details and the schemas' validation messages are written in English where they are made
// (services, shared/src/schemas: the web app's forms show the same words, and tests and the
// specification quote them); each is said in the reader's language by finding the key of
// shared/locales/server-errors whose English is that text: word for word, or with its arguments
// ("{name} is not connected", zod's "Too big: expected string to have <={maximum} characters")
// read back out of it. A text no key matches stays English, so adding a key is all a new
// sentence needs, and the English an API answers never changes: a match is kept only when the
// key's English, said with the values read, is the text itself.
// The same holds for the `message` of a successful answer (shared/locales/server-messages), said
// by the route table (http/route.ts).
// i18n-dynamic: server-errors.
// i18n-dynamic: server-messages.
import { englishMessages, translate, type Message, type MessageValues } from './messages.js';

/** Keys that are not a whole text of their own (a frame for others). */
const FRAMES = new Set(['server-errors.validation.atPath']);

interface Matcher {
  key: string;
  pattern: RegExp;
  names: string[];
  /** Characters outside the arguments: the most specific pattern is tried first. */
  literal: number;
}

interface Index {
  exact: Map<string, string>;
  patterns: Matcher[];
}

const indexes = new Map<string, Index>();
const MAX_READ_BACK = 2000;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function indexOf(prefix: string): Index {
  let index = indexes.get(prefix);
  if (index) return index;
  index = { exact: new Map(), patterns: [] };
  for (const [key, message] of Object.entries(englishMessages())) {
    if (!key.startsWith(prefix) || FRAMES.has(key)) continue;
    // Plurals and selects are not read back: such a message is made by its key in the code.
    if (/\{\w+,/.test(message)) continue;
    const names = [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    if (names.length === 0) {
      index.exact.set(translate('en', key), key);
      continue;
    }
    const parts = message.split(/\{\w+\}/);
    index.patterns.push({ key, names, pattern: new RegExp(`^${parts.map(escapeRegExp).join('(.+?)')}$`, 's'), literal: parts.join('').length });
  }
  index.patterns.sort((a, b) => b.literal - a.literal);
  indexes.set(prefix, index);
  return index;
}

/** The Message of the area `prefix` (server-errors unless said) whose English is `text`, or null when it has none. */
export function messageOfText(text: string, prefix = 'server-errors.'): Message | null {
  const index = indexOf(prefix);
  const key = index.exact.get(text);
  if (key) return { key };
  // Our longest sentence with its values is well under this; a longer text (a value of someone
  // else's, repeated) is not read against the patterns, whose backtracking grows with its length.
  if (text.length > MAX_READ_BACK) return null;
  for (const m of index.patterns) {
    const hit = m.pattern.exec(text);
    if (!hit) continue;
    const values: MessageValues = {};
    m.names.forEach((name, i) => {
      const value = hit[i + 1];
      // A number stays a number (for a translation's plural); a value that is itself a known text
      // (a sentence after a sentence: "... {accepted}") is said in the same language.
      values[name] = /^\d{1,9}$/.test(value) ? Number(value) : value.length < text.length ? (messageOfText(value, prefix) ?? value) : value;
    });
    const said: Message = { key: m.key, values };
    if (translate('en', said.key, said.values) === text) return said;
  }
  return null;
}

/** `text` as a Message when the catalog has it, else as it is. */
export const knownText = (text: string): string | Message => messageOfText(text) ?? text;
