import type { IncomingMessage } from 'node:http';

/** The whole request body as text (the local fakes of external services read form and JSON bodies). */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
