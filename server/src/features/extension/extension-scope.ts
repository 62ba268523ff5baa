// What a connected extension's token may do: what the popup needs, nothing that changes the
// account (password, plan, payments, calendar connection, connecting more browsers).
const ALLOWED: ReadonlyArray<{ methods: readonly string[]; path: RegExp }> = [
  { methods: ['GET', 'POST'], path: /^\/api\/recommendations(\/|$)/ },
  // The popup's "Save for later" (history edits stay with the web app: PATCH and DELETE are not listed).
  { methods: ['GET', 'POST'], path: /^\/api\/watchlist$/ },
  { methods: ['DELETE'], path: /^\/api\/watchlist\/[^/]+$/ },
  { methods: ['GET'], path: /^\/api\/onboarding\/(platforms|genres|languages)$/ },
  { methods: ['GET'], path: /^\/api\/settings\/(profile|calendar\/status)$/ },
  { methods: ['GET'], path: /^\/api\/subscription\/status$/ },
  { methods: ['GET'], path: /^\/api\/catalog(\/|$)/ },
  { methods: ['POST'], path: /^\/api\/extension\/sign-out$/ },
];

export function extensionScopeAllows(method: string, url: string): boolean {
  const path = url.split('?')[0].replace(/\/+$/, '') || '/';
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return ALLOWED.some((a) => a.methods.includes(m) && a.path.test(path));
}
