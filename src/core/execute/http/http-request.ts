import type { HttpBinding } from '../../tools/tool';

export interface HttpRequestPlan {
  url: URL;
  method: HttpBinding['method'];
  headers: Record<string, string>;
  body?: string;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/**
 * The request an HTTP tool call makes: path arguments put into the path (escaped, so a value cannot
 * change the path or host), query arguments appended (a list repeats the key), header arguments as
 * headers, body arguments as one JSON object (or the body argument itself). Throws `TypeError` for a
 * base URL that is not http(s).
 */
export function planRequest(binding: HttpBinding, args: Record<string, unknown>): HttpRequestPlan {
  const base = new URL(binding.baseUrl);
  if (base.protocol !== 'https:' && base.protocol !== 'http:')
    throw new TypeError(`${binding.baseUrl} is not an http(s) URL`);
  const path = binding.path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    encodeURIComponent(args[name] === undefined ? '' : text(args[name])),
  );
  const url = new URL(base.href.replace(/\/$/, '') + path);
  if (url.host !== base.host) throw new TypeError('the path would leave the server');
  const headers: Record<string, string> = { accept: 'application/json' };
  const body: Record<string, unknown> = {};
  let whole: unknown;
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined) continue;
    switch (binding.args[name]) {
      case 'query':
        for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(name, text(v));
        break;
      case 'header':
        headers[name] = text(value).replace(/[\r\n]/g, ' ');
        break;
      case 'body':
        if (name === binding.bodyArg) whole = value;
        else body[name.replace(/^body_/, '')] = value;
        break;
      default:
        break; // path arguments are in the path; unknown ones were dropped by the gate
    }
  }
  const hasBody = whole !== undefined || Object.keys(body).length > 0;
  if (hasBody) headers['content-type'] = 'application/json';
  return {
    url,
    method: binding.method,
    headers,
    ...(hasBody ? { body: JSON.stringify(whole !== undefined ? whole : body) } : {}),
  };
}
