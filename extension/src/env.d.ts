/** 'chrome' or 'firefox': which build this is (vite.config.ts). */
declare const __BROWSER__: 'chrome' | 'firefox';
/** The server URL a fresh install talks to (EXTENSION_SERVER_URL at build time). */
declare const __DEFAULT_SERVER_URL__: string;
