// The browser tests' tile server, started by playwright.config.ts on the port the app is told of.
import { startTileServer } from './tile-server';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error('usage: run-tile-server.ts <port>');
const { origin } = await startTileServer({ port });
console.log(`tiles at ${origin}`);
