// Which log format an operator gets: readable lines on a terminal, JSON lines into a pipe or file
// (log collectors, CI, the tests), LOG_FORMAT overriding either way.
import { describe, it, expect } from 'vitest';
import { createLogger, prettyLine } from '../src/logger.js';
import { loadConfig } from '../src/config.js';

function sink(isTTY: boolean) {
  const out: string[] = [];
  return { out, stream: Object.assign({ write: (s: string) => void out.push(s) }, isTTY ? { isTTY: true } : {}) };
}

const isJson = (s: string) => {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
};

describe('log format', () => {
  it('is readable on a terminal and JSON otherwise when LOG_FORMAT is unset', () => {
    const tty = sink(true);
    const pipe = sink(false);
    createLogger('info', tty.stream, null).info({ userId: 'u1' }, 'hello');
    createLogger('info', pipe.stream, null).info({ userId: 'u1' }, 'hello');
    expect(tty.out[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} \x1b\[32mINFO \x1b\[0m hello userId=u1\n$/);
    expect(JSON.parse(pipe.out[0])).toMatchObject({ level: 30, msg: 'hello', userId: 'u1' });
  });

  it('follows LOG_FORMAT whatever the destination', () => {
    const tty = sink(true);
    const pipe = sink(false);
    createLogger('info', tty.stream, loadConfig({ LOG_FORMAT: 'json' }).logFormat).info('a');
    createLogger('info', pipe.stream, loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).info('a');
    expect(isJson(tty.out[0])).toBe(true);
    expect(pipe.out[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}a\n$/);
    expect(loadConfig({}).logFormat).toBeNull();
    expect(() => loadConfig({ LOG_FORMAT: 'text' })).toThrow(/^Invalid configuration: LOG_FORMAT /);
  });

  it('prints a request as method, path, status and time, an error with its stack below, secrets still redacted', () => {
    const pipe = sink(false);
    const logger = createLogger('info', pipe.stream, 'pretty');
    logger.info({ req: { method: 'GET', url: '/api/x', headers: { authorization: 'Bearer abc' } }, res: { statusCode: 404 }, responseTime: 7 }, 'request completed');
    logger.error({ err: new Error('disk full'), userId: 'u1' }, 'could not save');
    logger.warn({ body: { password: 'hunter2' } }, 'odd');
    expect(pipe.out[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}GET \/api\/x -> 404 \(7 ms\)\n$/);
    expect(pipe.out[1]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} ERROR could not save userId=u1\n {4}Error: disk full\n {8}at /);
    expect(pipe.out[2]).toContain('odd body={"password":"[redacted]"}');
    expect(pipe.out.join('')).not.toContain('hunter2');
  });

  it('passes a line that is not JSON through unchanged', () => {
    expect(prettyLine('plain text')).toBe('plain text\n');
  });
});
