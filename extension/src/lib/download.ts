/** Saves text as a file through a Blob link (no downloads permission needed). */
export function downloadText(filename: string, text: string, type: string, doc: Document = document): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = doc.createElement('a');
  a.href = url;
  a.download = filename;
  doc.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Relative URLs from the API (posters, logos) are relative to the server's origin. */
export function absoluteUrl(serverUrl: string, url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url, `${serverUrl}/`).toString();
  } catch {
    return null;
  }
}
