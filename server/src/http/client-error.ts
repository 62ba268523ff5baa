// Requests Node's HTTP parser refuses before Express sees them (an over-long request line or
// headers, a malformed request) get the same JSON error shape as every other API error, instead
// of Node's bare status line with no body.
import type { Socket } from 'node:net';

const REFUSALS: Record<string, { status: number; reason: string; detail: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', detail: 'The request line or headers are too large.' },
  HPE_URI_OVERFLOW: { status: 414, reason: 'URI Too Long', detail: 'The address is too long.' },
};
const MALFORMED = { status: 400, reason: 'Bad Request', detail: 'The request is malformed.' };

export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset or timed-out connection has nobody to answer.
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, reason, detail } = REFUSALS[err.code ?? ''] ?? MALFORMED;
  const body = JSON.stringify({ detail });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
