// The scripts a page fetches, as the browser counts them on the wire.
/**
 * Loads url in page and lists every script it fetched until ready() holds
 * and the network has been quiet: address, bytes on the wire (headers
 * included), Content-Encoding and Cache-Control.
 */
export async function scriptsOnTheWire(page, url, ready) {
  const cdp = await page.context().newCDPSession(page);
  const scripts = new Map();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    if (type === 'Script' || /javascript/.test(response.mimeType)) {
      const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      scripts.set(requestId, { url: response.url, encoding: headers['content-encoding'] ?? 'identity', cache: headers['cache-control'] ?? '', bytes: 0 });
    }
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const script = scripts.get(requestId);
    if (script) script.bytes = encodedDataLength;
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(url);
  await ready();
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  const list = [...scripts.values()];
  return { total: list.reduce((sum, s) => sum + s.bytes, 0), scripts: list };
}
