// A bounded multipart/form-data reader over a body already in memory (RFC 7578 / RFC 2046), for
// Plex's webhooks: a `payload` part of JSON and, for some events, a `thumb` JPEG. Anything it
// cannot read is a WebhookPayloadError, never another exception.
import { WebhookPayloadError } from '../adapter.js';

export interface Part {
  name: string | null;
  filename: string | null;
  contentType: string | null;
  data: Buffer;
}

export interface MultipartLimits {
  /** Parts read at most (Plex sends two). */
  maxParts: number;
  /** Bytes of one part's headers. */
  maxHeaderBytes: number;
}

const DEFAULT_LIMITS: MultipartLimits = { maxParts: 8, maxHeaderBytes: 4096 };
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** The boundary of a multipart content type, or a WebhookPayloadError when it is not one. */
export function multipartBoundary(contentType: string | undefined): string {
  const [type, ...params] = (contentType ?? '').split(';');
  if (type.trim().toLowerCase() !== 'multipart/form-data') {
    throw new WebhookPayloadError('A Plex webhook is multipart/form-data');
  }
  for (const p of params) {
    const eq = p.indexOf('=');
    if (eq < 0 || p.slice(0, eq).trim().toLowerCase() !== 'boundary') continue;
    let value = p.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    // RFC 2046: 1 to 70 characters, none of them a CR or LF.
    if (value.length >= 1 && value.length <= 70 && !/[\r\n]/.test(value)) return value;
    break;
  }
  throw new WebhookPayloadError('The multipart content type has no valid boundary');
}

/** Every part of a multipart body (up to `maxParts`: a body with more is refused). */
export function parseMultipart(body: Buffer, contentType: string | undefined, limits: MultipartLimits = DEFAULT_LIMITS): Part[] {
  const delimiter = Buffer.from(`--${multipartBoundary(contentType)}`);
  // The first delimiter opens the body or follows a preamble's CRLF.
  let at = body.subarray(0, delimiter.length).equals(delimiter) ? 0 : indexAfterCrlf(body, delimiter, 0);
  if (at < 0) throw new WebhookPayloadError('The multipart body has no part');
  const parts: Part[] = [];
  for (;;) {
    at += delimiter.length;
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return parts; // the closing "--boundary--"
    // Transport padding (spaces, tabs) may follow a delimiter before its CRLF.
    while (body[at] === 0x20 || body[at] === 0x09) at++;
    if (!body.subarray(at, at + 2).equals(CRLF)) throw new WebhookPayloadError('The multipart body is malformed');
    if (parts.length === limits.maxParts) throw new WebhookPayloadError(`A webhook has at most ${limits.maxParts} parts`);
    const headersStart = at + 2;
    const headersEnd = body.subarray(0, headersStart + limits.maxHeaderBytes + 4).indexOf(HEADER_END, headersStart - 2);
    if (headersEnd < 0) throw new WebhookPayloadError('A multipart part has no end to its headers');
    const next = indexAfterCrlf(body, delimiter, headersEnd + 4);
    if (next < 0) throw new WebhookPayloadError('The multipart body is cut off');
    const headerText = headersEnd < headersStart ? '' : body.subarray(headersStart, headersEnd).toString('latin1');
    parts.push({ ...readHeaders(headerText), data: body.subarray(headersEnd + 4, next - 2) });
    at = next;
  }
}

/** Where `delimiter` starts right after a CRLF at or after `from` (the CRLF belongs to it), or -1. */
function indexAfterCrlf(body: Buffer, delimiter: Buffer, from: number): number {
  const needle = Buffer.concat([CRLF, delimiter]);
  const i = body.indexOf(needle, Math.max(0, from - 2));
  return i < 0 ? -1 : i + 2;
}

function readHeaders(text: string): Omit<Part, 'data'> {
  let name: string | null = null;
  let filename: string | null = null;
  let contentType: string | null = null;
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const field = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (field === 'content-type') contentType = value.toLowerCase();
    if (field !== 'content-disposition') continue;
    name = param(value, 'name');
    filename = param(value, 'filename');
  }
  return { name, filename, contentType };
}

/** A parameter of a Content-Disposition value, quoted or not (`form-data; name="payload"`). */
function param(value: string, key: string): string | null {
  const m = new RegExp(`(?:^|;)\\s*${key}\\s*=\\s*(?:"([^"]*)"|([^;\\s]*))`, 'i').exec(value);
  return m ? (m[1] ?? m[2] ?? null) : null;
}
