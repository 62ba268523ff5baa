// "Why not recommended?" in the words every surface uses (the web's history and watchlist rows,
// the extension's badge), without zod so the popup and the badge can import it.
export const WHY_NOT_TEXTS = {
  action: 'Why not recommended?',
  loading: 'Checking your taste and settings…',
  failed: 'Could not check this title. Please try again.',
} as const;

/** The reasons' heading: "Why Arrival is not your pick". */
export function whyNotHeading(title: string): string {
  return `Why ${title} is not your pick`;
}
