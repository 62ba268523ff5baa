// English text back to its catalog Message (issue 39, docs/i18n.md, "The server"). The server's
// error details and the schemas' validation messages are written in English where they are made
// (services, shared/src/schemas: the web app's forms show the same words, and tests and the
// specification quote them); each is said in the reader's language by finding the key of
// shared/locales/server-errors whose English is that text: word for word, or with its arguments
// ("{name} is not connected", zod's "Too big: expected string to have <={maximum} characters")
// read back out of it. A text no key matches stays English, so adding a key is all a new
// sentence needs, and the English an API answers never changes: a match is kept only when the
// key's English, said with the values read, is the text itself.
// i18n-dynamic: server-errors.
import { englishMessages, translate, type Message, type MessageValues } from './messages.js';

const PREFIX = 'server-errors.';
/** Keys that are not a whole text of their own (a frame for others). */
const FRAMES = new Set(['server-errors.validation.atPath']);

interface Matcher {
  key: string;
  pattern: RegExp;
  names: string[];
  /** Characters outside the arguments: the most specific pattern is tried first. */
  literal: number;
}

let exact: Map<string, string> | null = null;
let patterns: Matcher[] = [];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function index(): Map<string, string> {
  if (exact) return exact;
  exact = new Map();
  patterns = [];
  for (const [key, message] of Object.entries(englishMessages())) {
    if (!key.startsWith(PREFIX) || FRAMES.has(key)) continue;
    // Plurals and selects are not read back: such a message is made by its key in the code.
    if (/\{\w+,/.test(message)) continue;
    const names = [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    if (names.length === 0) {
      exact.set(translate('en', key), key);
      continue;
    }
    const parts = message.split(/\{\w+\}/);
    patterns.push({ key, names, pattern: new RegExp(`^${parts.map(escapeRegExp).join('(.+?)')}$`, 's'), literal: parts.join('').length });
  }
  patterns.sort((a, b) => b.literal - a.literal);
  return exact;
}

/** The Message whose English is `text`, or null when the catalog has none. */
export function messageOfText(text: string): Message | null {
  const key = index().get(text);
  if (key) return { key };
  for (const m of patterns) {
    const hit = m.pattern.exec(text);
    if (!hit) continue;
    const values: MessageValues = {};
    m.names.forEach((name, i) => {
      const value = hit[i + 1];
      // A number stays a number (for a translation's plural); a value that is itself a known text
      // (a sentence after a sentence: "... {accepted}") is said in the same language.
      values[name] = /^\d{1,9}$/.test(value) ? Number(value) : value.length < text.length ? (messageOfText(value) ?? value) : value;
    });
    const said: Message = { key: m.key, values };
    if (translate('en', said.key, said.values) === text) return said;
  }
  return null;
}

/** `text` as a Message when the catalog has it, else as it is. */
export const knownText = (text: string): string | Message => messageOfText(text) ?? text;
