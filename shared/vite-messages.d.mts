import type { Plugin } from 'vite';
export function messagesPlugin(keep: (area: string) => boolean, parts?: Record<string, (area: string) => boolean>, locales?: readonly string[]): Plugin;
