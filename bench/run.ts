import { parseArgs } from 'node:util';
import { benchAvailabilityUpload } from './availability-upload';
import { benchCarts } from './carts';
import { benchConverter } from './converter';
import { benchCurrentUser } from './current-user';
import { benchDashboard } from './dashboard';
import { benchInvoices } from './invoices';
import { benchLighthouse } from './lighthouse';
import { benchMatching } from './matching';
import { benchMemory } from './memory';
import { benchMessages } from './messages';
import { benchOrderPage } from './order-page';
import { benchOrders } from './orders';
import { benchRelevance } from './relevance';
import { benchSearch } from './search';
import { benchStartup } from './startup';
import { benchWebBundle } from './web-bundle';

// `npm run bench` runs every benchmark; `npm run bench -- --only startup` runs one.
const benchmarks: Record<string, () => Promise<unknown>> = {
  'availability-upload': benchAvailabilityUpload,
  carts: benchCarts,
  converter: benchConverter,
  'current-user': benchCurrentUser,
  dashboard: benchDashboard,
  invoices: benchInvoices,
  lighthouse: benchLighthouse,
  matching: benchMatching,
  memory: benchMemory,
  messages: benchMessages,
  'order-page': benchOrderPage,
  orders: benchOrders,
  relevance: benchRelevance,
  search: benchSearch,
  startup: benchStartup,
  'web-bundle': benchWebBundle,
};

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const selected = values.only ? values.only.split(',') : Object.keys(benchmarks);
for (const name of selected) {
  const run = benchmarks[name];
  if (!run) {
    console.error(`Unknown benchmark ${name}; choose from ${Object.keys(benchmarks).join(', ')}`);
    process.exit(1);
  }
  await run();
}
