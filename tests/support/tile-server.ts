import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG } from 'pngjs';

/** The credit the browser tests configure for the tile server's tiles. */
export const TEST_TILE_ATTRIBUTION = '© Homeward Test Tiles';

/** One 256×256 tile for every address: pale green with a darker edge, so tiles are seen as tiles. */
function tilePng() {
  const png = new PNG({ width: 256, height: 256 });
  for (let y = 0; y < 256; y++)
    for (let x = 0; x < 256; x++) {
      const edge = x === 0 || y === 0;
      const i = (y * 256 + x) * 4;
      png.data.set(edge ? [150, 180, 150, 255] : [226, 240, 222, 255], i);
    }
  return PNG.sync.write(png);
}

/**
 * A raster tile server, as a map sees one: a PNG for any `/{z}/{x}/{y}.png`, 404 for anything else.
 * It allows any origin, as public tile servers do.
 */
export async function startTileServer({ port = 0 } = {}) {
  const tile = tilePng();
  const server = http.createServer((req, res) => {
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' }).end(tile);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    template: `${origin}/{z}/{x}/{y}.png`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
