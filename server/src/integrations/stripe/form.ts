// Stripe's API takes application/x-www-form-urlencoded bodies with nested keys written as
// brackets: line_items[0][price_data][currency]=usd, metadata[user_id]=...

export type FormValue = string | number | boolean | null | undefined | FormValue[] | { [key: string]: FormValue };

function append(params: URLSearchParams, key: string, value: FormValue): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    value.forEach((v, i) => append(params, `${key}[${i}]`, v));
    return;
  }
  if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) append(params, `${key}[${k}]`, v);
    return;
  }
  params.append(key, String(value));
}

export function toStripeForm(body: Record<string, FormValue>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) append(params, k, v);
  return params.toString();
}
