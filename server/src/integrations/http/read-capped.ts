// A response body read as text up to a bound: an answer announced or streamed past `maxBytes` is
// refused (with the caller's own error) and the rest is never read. Media servers are the user's,
// so what they send is bounded like any other input.
export async function readCapped(res: Response, maxBytes: number, tooLarge: () => Error): Promise<string> {
  if (Number(res.headers.get('content-length') ?? 0) > maxBytes) {
    await res.body?.cancel();
    throw tooLarge();
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
