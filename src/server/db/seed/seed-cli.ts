import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { openFileStorage } from '../../storage/open-file-storage';
import { openDatabase } from '../client';
import { seedDemo } from './seed';

const { values } = parseArgs({ options: { scale: { type: 'string', default: 'demo' } } });
if (values.scale !== 'demo' && values.scale !== 'large') {
  console.error('--scale must be demo or large');
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
const started = Date.now();
await seedDemo(database.db, {
  password: config.demoPassword,
  scale: values.scale,
  storage: openFileStorage(config),
});
console.info(`Seeded the ${values.scale} marketplace in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await database.close();
