// Configuration has three descriptions that must not drift: the variables config.ts reads, README's
// table and .env.example. And a `.env` file is read by the real server and operator commands,
// with the real environment winning over it.
import { describe, it, expect } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from '../src/config.js';
import { checkEnvText } from '../src/env-file.js';
import { freePort, probe, SERVER_DIR } from './support/server-process.js';

const ROOT = resolve(SERVER_DIR, '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const EXAMPLE = readFileSync(join(ROOT, '.env.example'), 'utf8');
const TSX = new URL(import.meta.resolve('tsx')).pathname;

/** Every `NAME` in the first column of the table under README's "## Configuration". */
function readmeVariables(): string[] {
  const section = README.split(/^## Configuration$/m)[1].split(/^## /m)[0];
  const names = section
    .split('\n')
    .filter((l) => l.startsWith('| `'))
    .flatMap((l) => [...l.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]));
  return [...new Set(names)].sort();
}

const exampleVariables = () => [...EXAMPLE.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]).sort();

describe('configuration: config.ts, README and .env.example agree', () => {
  const code = [...CONFIG_VARIABLES].sort();

  it('README documents exactly the variables config.ts reads', () => {
    expect(code.length).toBeGreaterThan(30);
    expect(readmeVariables()).toEqual(code);
  });

  it('.env.example lists exactly the variables config.ts reads, once each, each under a comment', () => {
    expect(exampleVariables()).toEqual(code);
    const lines = EXAMPLE.split('\n');
    for (const [i, line] of lines.entries()) if (/^[A-Z]/.test(line)) expect(lines[i - 1], line).toMatch(/^# \S/);
  });

  it(".env.example's values are the real defaults: copied to .env it changes nothing", () => {
    expect(() => checkEnvText(EXAMPLE, '.env.example')).not.toThrow();
    expect(loadConfig(parseEnv(EXAMPLE))).toEqual(loadConfig({}));
  });
});

describe('.env checks', () => {
  const problem = (text: string) => {
    try {
      checkEnvText(text, '.env');
      return null;
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
  };

  it('accepts comments, blank lines, export, quotes, CRLF and trailing comments', () => {
    expect(problem('# c\n\nexport PORT=1\r\nA="pa#ss"\nB=\'x y\'\nC=plain # note\nD=\nE=abc+/==\n')).toBeNull();
  });

  it('refuses, naming the line, what Node would silently misread', () => {
    expect(problem('PORT=1\nSMTP_URL=smtp://u:pa#ss@host\n')).toBe("Invalid .env: line 2 has a # in SMTP_URL's value, which would cut the value there: put the value in quotes");
    expect(problem('A=1\n\nJUST TEXT\n')).toBe('Invalid .env: line 3 is not NAME=value');
    expect(problem('A="open\nB=2\n')).toBe('Invalid .env: line 1 opens a " quote that does not close on the same line');
    expect(problem('1A=2')).toMatch(/^Invalid \.env: line 1 has no valid variable name/);
    expect(problem('A="x" y')).toBe('Invalid .env: line 1 has text after the closing " quote');
  });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A process in `cwd` with only the given environment (no PORT, DATA_DIR... from this one). */
function run(cwd: string, args: string[], env: Record<string, string>): { done: Promise<Run>; stop: () => void; kill: () => void } {
  const child = spawn(process.execPath, ['--import', TSX, ...args], { cwd, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return { done: new Promise((ok) => child.on('exit', (code) => ok({ code, stdout, stderr }))), stop: () => child.kill('SIGTERM'), kill: () => child.kill('SIGKILL') };
}

describe('.env in the working directory', () => {
  const main = join(SERVER_DIR, 'src/main.ts');

  it('is read by the server at start, and a variable in the real environment wins over it', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'tp-dotenv-'));
    const port = await freePort();
    // From .env: the port and the data folder (both visible); its LOG_LEVEL=silent loses to the
    // environment's info, so the start-up line shows.
    writeFileSync(join(cwd, '.env'), `# test\nPORT=${port}\nHOST=127.0.0.1\nDATA_DIR=./from-dotenv\nSCHEDULER=off\nLOG_LEVEL=silent\n`);
    const proc = run(cwd, [main], { LOG_LEVEL: 'info', LOG_FORMAT: 'json' });
    try {
      let answer = null;
      for (let i = 0; i < 600 && !answer; i++) {
        answer = await probe(`http://127.0.0.1:${port}`, '/healthz', 2000).catch(() => null);
        if (!answer) await new Promise((ok) => setTimeout(ok, 100));
      }
      expect(answer?.status).toBe(200);
      expect(existsSync(join(cwd, 'from-dotenv', 'app.db'))).toBe(true);
      proc.stop();
      const { code, stdout, stderr } = await proc.done;
      expect(code, stderr).toBe(0);
      const listening = stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l)).find((e) => /is listening/.test(e.msg));
      expect(listening.msg).toContain(`http://127.0.0.1:${port}`);
    } finally {
      proc.kill();
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('stops the server with one line naming the line when .env is malformed, and a missing .env is fine', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'tp-dotenv-'));
    try {
      writeFileSync(join(cwd, '.env'), 'PORT=0\nSMTP_URL=smtp://u:pa#ss@mail.example\n');
      const bad = await run(cwd, [main], {}).done;
      expect(bad.code).toBe(1);
      expect(bad.stderr).toBe(`Invalid ${join(cwd, '.env')}: line 2 has a # in SMTP_URL's value, which would cut the value there: put the value in quotes\n`);
      expect(bad.stdout).toBe('');
      // No .env: the configuration still comes from the environment (here a bad value, to stop at once).
      rmSync(join(cwd, '.env'));
      const none = await run(cwd, [main], { PORT: 'x' }).done;
      expect(none.code).toBe(1);
      expect(none.stderr).toBe('Invalid configuration: PORT must be a whole number\n');
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('is read by the operator commands (npm run admin)', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'tp-dotenv-'));
    try {
      writeFileSync(join(cwd, '.env'), 'DATA_DIR=./admin-data\nLOG_LEVEL=silent\n');
      const r = await run(cwd, [join(SERVER_DIR, 'src/admin.ts'), 'users'], {}).done;
      expect(r.code, r.stderr).toBe(0);
      expect(existsSync(join(cwd, 'admin-data', 'app.db'))).toBe(true);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
