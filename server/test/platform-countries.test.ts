// Where each streaming service operates (server/catalog/platforms.json, "countries"), answered by
// GET /api/onboarding/platforms so onboarding and Settings can list a country's services first and
// say which are not offered there (docs/catalog.md, "Platforms").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformsResponse } from '@app/shared';
import { dialects } from './support/dialects.js';
import { rawRequest, startTestServer, type TestServer } from './support/test-server.js';

describe.each(dialects)('where the services operate, on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('says Hulu and Peacock are offered in the United States only, HBO Max in Germany too, and Netflix nearly everywhere', async () => {
    const r = await rawRequest(server.url, '/api/onboarding/platforms');
    expect(r.status).toBe(200);
    const byName = new Map(PlatformsResponse.parse(r.body).platforms.map((p) => [p.name, p.countries]));
    expect(byName.get('Hulu')).toEqual(['US']);
    expect(byName.get('Peacock')).toEqual(['US']);
    expect(byName.get('HBO Max')).toEqual(expect.arrayContaining(['US', 'DE']));
    expect(byName.get('JioHotstar')).toEqual(['IN']);
    expect(byName.get('Netflix')).toBeNull();
  });
});
