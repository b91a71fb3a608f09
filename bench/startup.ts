import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './support/server';

/** Start-up to first answered request on an existing embedded database (target <= 5 s). */
export async function benchStartup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hedgerow-startup-'));
  try {
    // First start creates and seeds the database; it is not what this measures.
    const first = await startServer({ DATA_DIR: dataDir });
    await first.stop();
    const times: number[] = [];
    for (let run = 0; run < 3; run++) {
      const server = await startServer({ DATA_DIR: dataDir });
      times.push(server.startedInMs);
      await server.stop();
    }
    times.sort((a, b) => a - b);
    const median = times[1];
    console.info('\nStart-up to first answered request, existing embedded database (target <= 5 s)');
    console.info(
      `  median ${(median / 1000).toFixed(2)} s over 3 starts (${times.map((t) => (t / 1000).toFixed(2)).join(', ')} s)   ${median <= 5000 ? 'meets target' : 'MISSES target'}`,
    );
    console.info(`  first start with seeding: ${(first.startedInMs / 1000).toFixed(1)} s`);
    return { medianMs: median, firstStartMs: first.startedInMs };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
