// Signs test tokens as jsonwebtoken's sign did (the server used it before jose): HS256 unless
// told, iat now, exp iat + expiresIn unless the claims hold one, the key as the secret's UTF-8 bytes.
import { SignJWT } from 'jose';

export interface SignOptions {
  subject: string;
  issuer: string;
  audience: string;
  expiresIn?: number;
  algorithm?: 'HS256' | 'HS384' | 'HS512';
}

export function signJwt(claims: Record<string, unknown>, secret: string, o: SignOptions): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: o.algorithm ?? 'HS256', typ: 'JWT' }).setIssuedAt(iat);
  if (o.expiresIn !== undefined) jwt.setExpirationTime(iat + o.expiresIn);
  return jwt.setAudience(o.audience).setIssuer(o.issuer).setSubject(o.subject).sign(new TextEncoder().encode(secret));
}
