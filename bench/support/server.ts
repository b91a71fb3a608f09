import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export type RunningServer = {
  url: string;
  child: ChildProcess;
  stop: () => Promise<void>;
  startedInMs: number;
};

/**
 * Starts Hedgerow in its own process exactly as `npm start` does (the compiled server, rebuilt first
 * when its sources changed) and resolves once /api/health answers.
 */
export async function startServer(env: Record<string, string>, timeoutMs = 300_000): Promise<RunningServer> {
  const port = 4100 + Math.floor(Math.random() * 800);
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not start in time');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const startedInMs = performance.now() - started;
  return {
    url,
    child,
    startedInMs,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function signInToken(url: string, email: string, password: string) {
  const response = await fetch(`${url}/api/v1/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}
