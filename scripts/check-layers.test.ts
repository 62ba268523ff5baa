// scripts/check-layers.mjs on a small tree of its own: it reports the imports that point up (and
// only those), keeps an allow-listed type-only one, refuses the allow-list for a value import, and
// reports shared imported by a relative path.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript module of the root scripts
import { checkLayers, folderOrder } from './check-layers.mjs';

const base = mkdtempSync(join(tmpdir(), 'check-layers-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const files: string[] = [];
function write(path: string, text: string) {
  const abs = join(base, path);
  mkdirSync(dirname(abs), { recursive: true });
  writeFileSync(abs, text);
  files.push(abs);
}

const workspaces = [
  {
    dir: 'app/src',
    layers: [
      { name: 'top', paths: ['main.ts', 'features/'], order: ['shop', 'users'] },
      { name: 'bundles', paths: ['popup/', 'content/'], isolated: true },
      { name: 'bottom', paths: ['db/'] },
    ],
  },
  { dir: 'shared/src', layers: [{ name: 'shared', paths: [''] }] },
];

write('shared/src/index.ts', 'export const LIMIT = 3;\n');
write('app/src/db/rows.ts', 'export type Row = { id: number };\nexport const limit = 3;\n');
write('app/src/db/by-path.ts', "import { LIMIT } from '../../../shared/src/index.js';\nexport const limit = LIMIT;\n");
write('app/src/features/users/users.ts', "import type { Row } from '../../db/rows.js';\nexport const user = (row: Row) => row.id;\n");
write('app/src/features/shop/shop.ts', "import { user } from '../users/users.js';\nexport const shop = user;\n");
write('app/src/db/up.ts', "import { shop } from '../features/shop/shop.js';\nexport const up = shop;\n");
write('app/src/db/typed.ts', "import type { Row } from '../features/users/row-type.js';\nexport type Typed = Row;\n");
write('app/src/features/users/row-type.ts', 'export type Row = { id: number };\n');
write('app/src/db/value.ts', "import { user } from '../features/users/users.js';\nexport const value = user;\n");
write('app/src/popup/main.ts', "import { limit } from '../db/rows.js';\nexport const popup = limit;\n");
write('app/src/content/main.ts', "import { popup } from '../popup/main.js';\nexport const content = popup;\n");
write('app/src/db/rows.test.ts', "import { shop } from '../features/shop/shop.js';\nexport const t = shop;\n");

const allowed = [
  { from: 'app/src/db/typed.ts', to: 'app/src/features/users/row-type.ts', reason: 'a type kept up there' },
  { from: 'app/src/db/value.ts', to: 'app/src/features/users/users.ts', reason: 'not type-only' },
];

describe('check-layers', () => {
  it('reports exactly the upward imports and shared by path: not the downward ones, the allow-listed type, nor tests', () => {
    expect(checkLayers(files, { base, workspaces, allowed })).toEqual([
      "app/src/db/by-path.ts: imports shared/src/index.ts by path: import '@app/shared' or one of its subpath exports (shared/package.json)",
      'app/src/db/up.ts: imports top, a layer above bottom (app/src/features/shop/shop.ts)',
      'app/src/db/value.ts: imports top, a layer above bottom (app/src/features/users/users.ts) [allow-listed, but not type-only]',
      'app/src/content/main.ts: imports popup/: the bundles do not import each other (app/src/popup/main.ts)',
    ]);
  });

  it('holds the order of the folders inside a layer', () => {
    write('app/src/features/users/back.ts', "import { shop } from '../shop/shop.js';\nexport const back = shop;\n");
    const problems = checkLayers(files, { base, workspaces, allowed });
    expect(problems).toContain("app/src/features/users/back.ts: imports top 'shop', listed above 'users' (app/src/features/shop/shop.ts)");
    expect(folderOrder('app/src/features', files, base)).toEqual({ order: [], stuck: ['shop', 'users'], cycles: ['shop <-> users'] });
  });

  it('names a file no layer holds, and an allow-list entry nothing uses', () => {
    write('app/src/stray.ts', 'export const stray = 1;\n');
    const stale = { from: 'app/src/db/rows.ts', to: 'app/src/main.ts', reason: 'gone' };
    const problems = checkLayers(files, { base, workspaces, allowed: [...allowed, stale] });
    expect(problems).toContain('app/src/stray.ts: in no layer of app/src (add it to scripts/check-layers.mjs and docs/architecture.md)');
    expect(problems).toContain('allow-list entry app/src/db/rows.ts -> app/src/main.ts matches no upward type-only import: remove it');
  });
});
