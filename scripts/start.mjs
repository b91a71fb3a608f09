// `npm start`: builds the server into dist/server when its sources changed since the last build,
// then runs the compiled JavaScript in this process (src/server/main.ts builds the web app on its
// first start the same way).
import { pathToFileURL } from 'node:url';
import { ensureServerBuild } from './build-server.mjs';

// Stack traces in the log point at the TypeScript sources.
process.setSourceMapsEnabled(true);
const entry = await ensureServerBuild();
await import(pathToFileURL(entry).href);
