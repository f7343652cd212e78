import { ShippedHeadError } from './shipped-head-error';

/**
 * GETs a file of a shipped model. A network failure, a 404 or an HTML page (Vite's SPA fallback answers a
 * missing file with index.html) is a missing file: a `ShippedHeadError('missing')` naming the file, where it
 * looked, and `fix` (how to write the file, usually `npm run train`).
 */
export async function fetchModelFile(
  fetchFn: typeof fetch,
  url: string,
  shown: string,
  fix: string,
): Promise<Response> {
  let res: Response;
  try {
    res = await fetchFn(url);
  } catch (e) {
    throw new ShippedHeadError(
      'missing',
      `${shown} could not be fetched from ${url}: ${(e as Error).message}.`,
    );
  }
  const html = (res.headers.get('content-type') ?? '').includes('text/html');
  if (!res.ok || html)
    throw new ShippedHeadError(
      'missing',
      `${shown} was not found (${html ? 'a web page came back' : `HTTP ${res.status}`} at ${url}): ${fix}`,
    );
  return res;
}
