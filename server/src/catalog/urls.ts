// Public URLs of catalog artwork and platform search pages. Artwork URLs are relative to the API
// origin: the web app is served from it, and the extension resolves them against its API base.

export const posterUrl = (titleId: string) => `/api/catalog/titles/${encodeURIComponent(titleId)}/poster.svg`;
export const logoUrl = (platformSlug: string) => `/api/catalog/platforms/${encodeURIComponent(platformSlug)}/logo.svg`;

/** Fills a platform's search template ("https://www.netflix.com/search?q={q}") with a title. */
export const watchUrl = (template: string, title: string) => template.replace('{q}', encodeURIComponent(title));
