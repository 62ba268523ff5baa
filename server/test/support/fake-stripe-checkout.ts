// What the fake Stripe checks in a create-session request: Stripe's form encoding and its
// documented parameter rules, with errors shaped like Stripe's.
export type StripeErrorBody = { type: string; message: string; code?: string; param?: string };

/** a[b][0][c]=v -> { a: { b: [ { c: 'v' } ] } }, as Stripe reads form bodies. */
export function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!m) throw invalid(`Invalid parameter name: ${key}`, key);
    const path = [m[1], ...[...m[2].matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1])];
    let node = out as Record<string, unknown>;
    path.slice(0, -1).forEach((k, i) => {
      node[k] ??= /^\d+$/.test(path[i + 1]) ? [] : {};
      node = node[k] as Record<string, unknown>;
    });
    node[path[path.length - 1]] = value;
  }
  return out;
}

export class StripeApiError extends Error {
  constructor(readonly status: number, readonly body: StripeErrorBody) {
    super(body.message);
  }
}
export const invalid = (message: string, param?: string, code = 'parameter_invalid') =>
  new StripeApiError(400, { type: 'invalid_request_error', message, code, ...(param ? { param } : {}) });
const missing = (param: string) => invalid(`Missing required param: ${param}.`, param, 'parameter_missing');

const KNOWN_PARAMS = new Set(['mode', 'line_items', 'success_url', 'cancel_url', 'client_reference_id', 'customer_email', 'customer', 'metadata', 'payment_intent_data', 'payment_method_types', 'expires_at', 'locale', 'allow_promotion_codes', 'submit_type', 'ui_mode']);

function isUrl(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  try {
    return /^https?:$/.test(new URL(v.replace('{CHECKOUT_SESSION_ID}', 'x')).protocol);
  } catch {
    return false;
  }
}

export function checkMetadata(value: unknown, param: string): Record<string, string> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid('Invalid object', param);
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > 50) throw invalid('Metadata can have at most 50 keys', param);
  for (const [k, v] of entries) {
    if (k.length > 40) throw invalid('Metadata keys can be at most 40 characters', `${param}[${k}]`);
    if (typeof v !== 'string' || v.length > 500) throw invalid('Metadata values must be strings of at most 500 characters', `${param}[${k}]`);
  }
  return value as Record<string, string>;
}

/** Validates a create-session body the way Stripe documents it; returns the amount and currency. */
export function validateCreate(f: Record<string, unknown>): { amount: number; currency: string } {
  for (const k of Object.keys(f)) if (!KNOWN_PARAMS.has(k)) throw invalid(`Received unknown parameter: ${k}`, k, 'parameter_unknown');
  if (f.mode === undefined) throw missing('mode');
  if (!['payment', 'setup', 'subscription'].includes(String(f.mode))) throw invalid('Invalid mode: must be one of payment, setup, or subscription', 'mode');
  if (f.success_url === undefined) throw missing('success_url');
  if (!isUrl(f.success_url)) throw invalid('Not a valid URL', 'success_url', 'url_invalid');
  if (f.cancel_url !== undefined && !isUrl(f.cancel_url)) throw invalid('Not a valid URL', 'cancel_url', 'url_invalid');
  if (f.customer_email !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(String(f.customer_email))) throw invalid(`Invalid email address: ${String(f.customer_email)}`, 'customer_email', 'email_invalid');
  if (f.client_reference_id !== undefined && String(f.client_reference_id).length > 200) throw invalid('client_reference_id must be at most 200 characters', 'client_reference_id');
  checkMetadata(f.metadata, 'metadata');
  checkMetadata((f.payment_intent_data as Record<string, unknown> | undefined)?.metadata, 'payment_intent_data[metadata]');
  const items = f.line_items;
  if (f.mode === 'payment' && (!Array.isArray(items) || items.length === 0)) throw missing('line_items');
  let amount = 0;
  let currency = '';
  (Array.isArray(items) ? items : []).forEach((raw, i) => {
    const item = raw as Record<string, any>;
    const p = `line_items[${i}]`;
    if (!/^[1-9]\d*$/.test(String(item?.quantity ?? ''))) throw item?.quantity === undefined ? missing(`${p}[quantity]`) : invalid(`Invalid integer: ${item.quantity}`, `${p}[quantity]`);
    const pd = item.price_data;
    if (item.price === undefined && pd === undefined) throw invalid('You must specify either `price` or `price_data` for each line item', p);
    if (!pd) throw invalid('This fake only knows price_data line items', `${p}[price]`);
    if (!/^[a-z]{3}$/.test(String(pd.currency ?? ''))) throw pd.currency === undefined ? missing(`${p}[price_data][currency]`) : invalid(`Invalid currency: ${pd.currency}`, `${p}[price_data][currency]`);
    if (!/^\d+$/.test(String(pd.unit_amount ?? ''))) throw pd.unit_amount === undefined ? missing(`${p}[price_data][unit_amount]`) : invalid(`Invalid integer: ${pd.unit_amount}`, `${p}[price_data][unit_amount]`);
    if (!pd.product && !pd.product_data?.name) throw missing(`${p}[price_data][product_data][name]`);
    amount += Number(pd.unit_amount) * Number(item.quantity);
    currency = String(pd.currency);
  });
  return { amount, currency };
}
