import autocannon from 'autocannon';

export type LoadResult = {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
};

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Sends requests (GETs of `url` or `paths`, or each connection's own `requestsFor`) for a fixed time over keep-alive connections and reports throughput and exact
 * latency percentiles (every response time is kept, so p95 is not interpolated).
 */
export function load(options: {
  url: string;
  connections: number;
  durationSeconds: number;
  headers?: Record<string, string>;
  paths?: string[];
  /** Per connection (0, 1, …): the requests it sends in turn, for writes each user makes to their own records. */
  requestsFor?: (connection: number) => autocannon.Request[];
}): Promise<LoadResult> {
  let connection = 0;
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.durationSeconds,
        headers: options.headers,
        requests: options.paths?.map((path) => ({ method: 'GET' as const, path })),
        ...(options.requestsFor
          ? {
              setupClient: (client: autocannon.Client) => {
                client.setRequests(options.requestsFor?.(connection++) ?? []);
              },
            }
          : {}),
      },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        resolve({
          requests: result.requests.total,
          requestsPerSecond: Math.round(result.requests.total / options.durationSeconds),
          p50: round(percentile(latencies, 50)),
          p95: round(percentile(latencies, 95)),
          p99: round(percentile(latencies, 99)),
          errors: result.errors,
          non2xx: result.non2xx,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

const round = (ms: number) => Math.round(ms * 10) / 10;
