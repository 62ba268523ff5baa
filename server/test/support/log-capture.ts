// The real logger (createLogger) writing into memory, so tests can read what an operator's log
// would hold.
import type { Logger } from 'pino';
import { createLogger } from '../../src/logger.js';

export interface LogCapture {
  logger: Logger;
  lines: string[];
  /** Every captured line, parsed. */
  entries(): Array<Record<string, any>>;
  text(): string;
}

export function captureLogs(level = 'info'): LogCapture {
  const lines: string[] = [];
  const logger = createLogger(level, { write: (s: string) => void lines.push(...s.split('\n').filter(Boolean)) });
  return {
    logger,
    lines,
    entries: () => lines.map((l) => JSON.parse(l) as Record<string, any>),
    text: () => lines.join('\n'),
  };
}
