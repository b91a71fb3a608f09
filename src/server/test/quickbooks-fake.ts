import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local HTTP server standing in for Intuit (OAuth token endpoint and the Accounting API) for the
// QuickBooks link's tests: it keeps the records pushed to it, answers name and document-number
// queries from them, accepts only the access token it last issued, and can be told to fail.

type StoredRecord = { Id: string } & Record<string, unknown>;

export type QuickBooksFake = {
  urls: { authorize: string; token: string; api: string };
  /** Records by entity ('Invoice', 'Bill', 'Customer', 'Vendor', 'Item', 'Account'). */
  records: Map<string, StoredRecord[]>;
  /** Every request as it arrived. */
  seen: { method: string; path: string; body: string }[];
  /** The access token the API accepts now. */
  accessToken: () => string;
  /** Makes the next POST of this entity store the record and then answer 500 (a reply lost on the way). */
  loseNextReply: (entity: string) => void;
  close: () => Promise<void>;
};

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => resolve(body));
  });

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

/** Reads `select … from Entity where Field = 'value'` as QuickBooks' query language writes it. */
function parseQuery(query: string) {
  const match = /^select .+ from (\w+) where (\w+) = '((?:[^'\\]|\\.)*)'$/.exec(query);
  if (!match) return null;
  return { entity: match[1], field: match[2], value: match[3].replace(/\\(.)/g, '$1') };
}

export async function startQuickBooksFake(options: { companyName: string }): Promise<QuickBooksFake> {
  const records = new Map<string, StoredRecord[]>([
    ['Item', [{ Id: '1', Name: 'Services' }]],
    ['Account', [{ Id: '80', Name: 'Cost of Goods Sold' }]],
  ]);
  const seen: QuickBooksFake['seen'] = [];
  const lost = new Set<string>();
  let issued = 0;
  let access = '';
  let refresh = '';
  let nextId = 100;
  const issue = () => {
    issued += 1;
    access = `access-${issued}`;
    refresh = `refresh-${issued}`;
    return {
      access_token: access,
      refresh_token: refresh,
      expires_in: 3600,
      x_refresh_token_expires_in: 8_726_400,
    };
  };
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://fake');
    seen.push({ method: request.method ?? '', path: url.pathname + url.search, body });
    if (url.pathname === '/oauth2/v1/tokens/bearer') {
      const form = new URLSearchParams(body);
      if (form.get('grant_type') === 'authorization_code' && form.get('code') === 'good-code') {
        return send(response, 200, issue());
      }
      if (form.get('grant_type') === 'refresh_token' && form.get('refresh_token') === refresh) {
        return send(response, 200, issue());
      }
      return send(response, 400, { error: 'invalid_grant' });
    }
    if (request.headers.authorization !== `Bearer ${access}` || !access) {
      return send(response, 401, {
        Fault: { Error: [{ Message: 'AuthenticationFailed', Detail: 'Token expired' }] },
      });
    }
    const [, , , realmId, resource, extra] = url.pathname.split('/');
    if (resource === 'companyinfo' && extra === realmId) {
      return send(response, 200, { CompanyInfo: { CompanyName: options.companyName } });
    }
    if (resource === 'query') {
      const parsed = parseQuery(url.searchParams.get('query') ?? '');
      if (!parsed) return send(response, 400, { Fault: { Error: [{ Message: 'Bad query' }] } });
      const found = (records.get(parsed.entity) ?? []).filter((row) => row[parsed.field] === parsed.value);
      return send(response, 200, { QueryResponse: found.length ? { [parsed.entity]: found } : {} });
    }
    if (request.method === 'POST' && resource) {
      const entity = resource[0].toUpperCase() + resource.slice(1);
      nextId += 1;
      const record = { ...(JSON.parse(body) as Record<string, unknown>), Id: String(nextId) };
      records.set(entity, [...(records.get(entity) ?? []), record]);
      if (lost.delete(entity))
        return send(response, 500, { Fault: { Error: [{ Message: 'Service unavailable' }] } });
      return send(response, 200, { [entity]: record });
    }
    return send(response, 404, { Fault: { Error: [{ Message: 'Not found' }] } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    urls: { authorize: `${base}/connect/oauth2`, token: `${base}/oauth2/v1/tokens/bearer`, api: base },
    records,
    seen,
    accessToken: () => access,
    loseNextReply: (entity) => lost.add(entity),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
