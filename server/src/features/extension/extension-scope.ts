// What a connected extension's token may do: what the popup needs, nothing that changes the
// account (password, plan, payments, calendar connection, connecting more browsers). The list is
// the shared route table's `extension: true` routes (shared/src/routes.ts), nothing else.
import { ROUTES, routePattern, type RouteDef } from '@app/shared';

const ALLOWED: ReadonlyArray<{ method: string; path: RegExp }> = Object.values(ROUTES as Record<string, RouteDef>)
  .filter((r) => r.extension)
  .map((r) => ({ method: r.method, path: routePattern(r.path) }));

export function extensionScopeAllows(method: string, url: string): boolean {
  const path = url.split('?')[0].replace(/\/+$/, '') || '/';
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return ALLOWED.some((a) => a.method === m && a.path.test(path));
}
