/** 'chrome' or 'firefox': which build this is (vite.config.ts). */
declare const __BROWSER__: 'chrome' | 'firefox';
/** The server URL a fresh install talks to (EXTENSION_SERVER_URL at build time). */
declare const __DEFAULT_SERVER_URL__: string;
/** The badge's words in every language (extension/vite.config.ts): locale -> key -> compiled message (the background's). */
declare const __BADGE_MESSAGES__: Record<string, Record<string, import('./lib/badge-words').CompiledMessage>>;
/** The badge's words in English (the content script's own). */
declare const __BADGE_MESSAGES_EN__: Record<string, import('./lib/badge-words').CompiledMessage>;
