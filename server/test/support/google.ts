// A local server that publishes a JWKS like Google's, and signs id_tokens with its keys.
import { createServer, type Server } from 'node:http';
import { generateKeyPair, exportJWK, SignJWT, type JWK } from 'jose';

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;

export interface FakeGoogle {
  jwksUrl: string;
  clientId: string;
  sign(claims: Record<string, unknown>, opts?: { key?: 'good' | 'rogue'; expiresInSeconds?: number; alg?: string }): Promise<string>;
  close(): Promise<void>;
}

export async function startFakeGoogle(clientId = 'test-client.apps.googleusercontent.com'): Promise<FakeGoogle> {
  const good: KeyPair = await generateKeyPair('RS256', { extractable: true });
  const rogue: KeyPair = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(good.publicKey)), kid: 'good-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((req, res) => {
    if (req.url === '/oauth2/v3/certs') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' });
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  const port = (server.address() as { port: number }).port;
  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    clientId,
    async sign(claims, opts = {}) {
      const now = Math.floor(Date.now() / 1000);
      const key = opts.key === 'rogue' ? rogue.privateKey : good.privateKey;
      return new SignJWT({ iss: 'https://accounts.google.com', aud: clientId, email_verified: true, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'good-key', typ: 'JWT' })
        .setIssuedAt(now - 10)
        .setExpirationTime(now + (opts.expiresInSeconds ?? 3600))
        .sign(key);
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
