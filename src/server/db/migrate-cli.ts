import { loadConfig } from '../config';
import { openDatabase } from './client';
import { whileHoldingStartupLock } from './startup-lock';

const config = loadConfig();
const database = await openDatabase(config);
await whileHoldingStartupLock(config.databaseUrl, () => database.migrate());
console.info(`Migrations applied (${database.kind})`);
await database.close();
