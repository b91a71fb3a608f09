import { loadConfig } from '../config';
import { openDatabase } from './client';

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
console.info(`Migrations applied (${database.kind})`);
await database.close();
