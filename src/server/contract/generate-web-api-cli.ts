import fs from 'node:fs/promises';
import path from 'node:path';
import { webApiTypesPath, webApiTypesSource } from './web-api-types';

// `npm run api:generate`: rewrites the web app's API types from the server's routes.
const source = await webApiTypesSource();
await fs.mkdir(path.dirname(webApiTypesPath), { recursive: true });
await fs.writeFile(webApiTypesPath, source);
console.info(`Wrote ${path.relative(process.cwd(), webApiTypesPath)}`);
