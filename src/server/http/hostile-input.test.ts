import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { controlCharacterMessage } from '../../domain/text/control-characters';
import { submittedOrder } from '../test/cart-factories';
import { bearer, insertUser, tokenFor } from '../test/factories';
import { createTestApp } from '../test/test-app';
import { isPublicOperation, publicOperations } from './public-routes';

/**
 * Every operation of the API document, called with hostile values: NUL characters in every text,
 * bodies that are not objects, empty PATCHes, impossible dates, numbers no column stores and ids
 * beyond the id columns. None may answer 500; anonymous calls to private operations answer 401
 * before anything else. The document drives it, so a new route is fuzzed without a line here.
 */

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
};

type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: JsonSchema };

type Operation = {
  method: string;
  /** The pattern as Fastify registers it (`/api/v1/carts/:id`). */
  pattern: string;
  params: Parameter[];
  query: Parameter[];
  body: JsonSchema | null;
};

type Input = {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
};

/** One hostile call: what it sends, and what its answer must be beside "not 500". */
type Case = {
  name: string;
  input: Input;
  /** The field a 400 must name (hostile dates, numbers and ids); '*' when any NUL field will do. */
  field?: string;
  expect400?: boolean;
};

type Caller = { name: string; headers: Record<string, string>; staff: boolean };

type Answer = { statusCode: number; body: string; json<T = unknown>(): T };

let t: Awaited<ReturnType<typeof createTestApp>>;
let operations: Operation[] = [];
let components: Record<string, JsonSchema> = {};
let callers: Caller[] = [];
/** Ids of records the signed-in callers may reach, by the path they appear under. */
let knownIds: { prefix: string; id: number | string }[] = [];

const nul = 'a\u0000b';
const impossibleDate = '2026-02-30';
const hugeNumber = 1e308;
const twentyDigitId = '12345678901234567890';
const beyondInt4Id = '2147483648';

beforeAll(async () => {
  t = await createTestApp();
  const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: RequestBody }>>;
    components?: { schemas?: Record<string, JsonSchema> };
  }>();
  components = document.components?.schemas ?? {};
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      pattern: path.replace(/\{(\w+)\}/g, ':$1'),
      params: (operation.parameters ?? []).filter((parameter) => parameter.in === 'path'),
      query: (operation.parameters ?? []).filter((parameter) => parameter.in === 'query'),
      body: operation.requestBody?.content?.['application/json']?.schema ?? null,
    })),
  );

  // Records the callers can reach, so hostile values get past "not found" into the handlers.
  const order = await submittedOrder(t.db, t.app);
  const buyer = order.buyer;
  const admin = await insertUser(t.db, { roles: ['admin'] });
  const adminHeaders = bearer(await tokenFor(t.db, admin.id));
  const created = async (url: string, payload: unknown, headers = buyer.headers) => {
    const answer = await t.app.inject({ method: 'POST', url, headers, payload: payload as object });
    return answer.statusCode < 300 ? answer.json<{ id: number }>().id : 1;
  };
  const cartId = await created('/api/v1/carts', { name: 'Fuzz job' });
  const hubsheetId = await created('/api/v1/hubsheets', {
    name: 'Fuzz list',
    postalCode: '27701',
    radiusRestriction: 100,
    jobDate: null,
  });
  const listItemId = await created(`/api/v1/hubsheets/${hubsheetId}/list_items`, {
    originalText: 'Limelight hydrangea',
    quantity: 3,
  });
  const addressId = await created('/api/v1/addresses', {
    name: 'Yard',
    street1: '1 Oak St',
    city: 'Durham',
    state: 'NC',
    postalCode: '27701',
    country: 'US',
  });
  knownIds = [
    { prefix: '/api/v1/carts/', id: cartId },
    { prefix: '/api/v1/orders/', id: order.orderId },
    { prefix: '/api/internal/orders/', id: order.orderId },
    { prefix: '/api/v1/hubsheets/', id: hubsheetId },
    { prefix: '/api/v1/list_items/', id: listItemId },
    { prefix: '/api/v1/addresses/', id: addressId },
    { prefix: '/api/internal/users/', id: buyer.user.id },
    { prefix: '/api/internal/organizations/', id: buyer.organization?.id ?? 1 },
    { prefix: '/api/v1/organizations/', id: buyer.organization?.id ?? 1 },
    { prefix: '/api/v1/products/', id: order.listing.product.id },
    { prefix: '/api/v1/branches/', id: order.listing.branch.slug },
  ];
  callers = [
    { name: 'a buyer', headers: buyer.headers, staff: false },
    { name: 'an admin', headers: adminHeaders, staff: true },
  ];
}, 120_000);

afterAll(async () => {
  await t?.close();
});

type RequestBody = { content?: Record<string, { schema?: JsonSchema }> };

function resolve(schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').pop() ?? '';
  return resolve(components[name] ?? {});
}

/** The schema's alternative that is not null (a nullable field's value). */
function concrete(schema: JsonSchema): JsonSchema {
  const resolved = resolve(schema);
  const options = resolved.anyOf ?? resolved.oneOf;
  if (options) return concrete(options.find((option) => resolve(option).type !== 'null') ?? options[0]);
  if (resolved.allOf?.length === 1) return concrete(resolved.allOf[0]);
  return resolved;
}

const typeOf = (schema: JsonSchema) => {
  const type = concrete(schema).type;
  return Array.isArray(type) ? type.find((entry) => entry !== 'null') : type;
};

/** A plausible value for a schema: enough to reach the handler where the route accepts it. */
function sample(schema: JsonSchema, name = ''): unknown {
  const resolved = concrete(schema);
  if (resolved.const !== undefined) return resolved.const;
  if (resolved.enum) return resolved.enum[0];
  switch (typeOf(resolved)) {
    case 'string':
      if (resolved.format === 'date' || /date|On$/.test(name)) return '2099-05-01';
      if (resolved.format === 'email' || /email/i.test(name)) return 'fuzz@example.com';
      if (/postalCode/.test(name)) return '27701';
      if (/phone/i.test(name)) return '(919) 555-0100';
      return 'Fuzz'.padEnd(resolved.minLength ?? 0, 'z');
    case 'integer':
    case 'number':
      return Math.max(1, resolved.minimum ?? 1, (resolved.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, resolved.minItems ?? 1) }, () =>
        sample(resolved.items ?? {}, name),
      );
    case 'object':
      return Object.fromEntries(
        Object.entries(resolved.properties ?? {}).map(([key, property]) => [key, sample(property, key)]),
      );
    default:
      return 'Fuzz';
  }
}

/** Every leaf of a schema: its path and schema (arrays by their first item). */
function leaves(schema: JsonSchema, at: string[] = []): { path: string[]; schema: JsonSchema }[] {
  const resolved = concrete(schema);
  const type = typeOf(resolved);
  if (type === 'object' && resolved.properties) {
    return Object.entries(resolved.properties).flatMap(([key, property]) => leaves(property, [...at, key]));
  }
  if (type === 'array' && resolved.items) return leaves(resolved.items, [...at, '0']);
  return [{ path: at, schema: resolved }];
}

function setAt(target: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(target)) {
    const copy = [...target];
    copy[Number(head)] = setAt(copy[Number(head)], rest, value);
    return copy;
  }
  const object = (typeof target === 'object' && target !== null ? target : {}) as Record<string, unknown>;
  return { ...object, [head]: setAt(object[head], rest, value) };
}

function idFor(operation: Operation, parameter: Parameter): string {
  const known = knownIds.find((entry) => operation.pattern.startsWith(entry.prefix));
  // A numeric id under a prefix known by slug (`/api/v1/branches/{id}/…` beside `/branches/{slug}`) takes '1'.
  if (known && typeOf(parameter.schema) !== 'string' && typeof known.id === 'number') return String(known.id);
  if (known && typeof known.id === 'string' && typeOf(parameter.schema) === 'string') return known.id;
  return typeOf(parameter.schema) === 'string' ? 'fuzz' : '1';
}

function baseInput(operation: Operation): Input {
  return {
    params: Object.fromEntries(
      operation.params.map((parameter) => [parameter.name, idFor(operation, parameter)]),
    ),
    query: Object.fromEntries(
      operation.query
        .filter((parameter) => parameter.required)
        .map((parameter) => [parameter.name, sample(parameter.schema, parameter.name)]),
    ),
    body: operation.body ? sample(operation.body) : undefined,
  };
}

const isDateField = (schema: JsonSchema, name: string) =>
  typeOf(schema) === 'string' && (schema.format === 'date' || /^date$|Date$|On$/.test(name));
const isNumberField = (schema: JsonSchema) => ['integer', 'number'].includes(typeOf(schema) ?? '');
const isTextField = (schema: JsonSchema) => typeOf(schema) === 'string' && !schema.enum;
// Amounts typed as text or number ('45.00' or 45) take a huge number too.
const isAmountField = (schema: JsonSchema) =>
  (resolve(schema).anyOf ?? resolve(schema).oneOf ?? []).some((option) => isNumberField(option));

/** The hostile cases of one operation for a signed-in caller. */
function hostileCases(operation: Operation): Case[] {
  const base = baseInput(operation);
  const cases: Case[] = [];
  const withNul = everyTextWithNul(operation, base);
  if (withNul) cases.push({ name: 'NUL in every text', input: withNul, field: '*', expect400: true });

  for (const parameter of operation.params) {
    if (isNumberField(parameter.schema)) {
      for (const id of [twentyDigitId, beyondInt4Id]) {
        // Ids are bigint: past int4 is a real id that is not there (404); past 2^53 is refused.
        const refused = id === twentyDigitId;
        cases.push({
          name: `${id.length}-digit ${parameter.name}`,
          input: { ...base, params: { ...base.params, [parameter.name]: id } },
          ...(refused ? { field: parameter.name, expect400: true } : {}),
        });
      }
    }
  }
  for (const parameter of operation.query) {
    const value = isDateField(parameter.schema, parameter.name)
      ? impossibleDate
      : isNumberField(parameter.schema)
        ? String(hugeNumber)
        : null;
    if (value === null) continue;
    cases.push({
      name: `${value} as ${parameter.name}`,
      input: { ...base, query: { ...base.query, [parameter.name]: value } },
      field: parameter.name,
      expect400: true,
    });
  }
  if (operation.body) {
    for (const leaf of leaves(operation.body)) {
      const name = leaf.path.at(-1) ?? '';
      const value = isDateField(leaf.schema, name)
        ? impossibleDate
        : isNumberField(leaf.schema) || isAmountField(leaf.schema)
          ? hugeNumber
          : null;
      if (value === null) continue;
      const values = typeOf(leaf.schema) === 'integer' ? [value, Number(beyondInt4Id)] : [value];
      for (const hostileValue of values) {
        cases.push({
          name: `${hostileValue} as ${leaf.path.join('.')}`,
          input: { ...base, body: setAt(base.body, leaf.path, hostileValue) },
          field: leaf.path.join('.'),
          // Past int4 is a fine value where the column is bigint (ids); it only must not crash.
          expect400: hostileValue === value,
        });
      }
    }
  }
  if (['POST', 'PUT', 'PATCH'].includes(operation.method) && !operation.pattern.includes('images')) {
    for (const body of [[[[1]]], null, 'text']) {
      cases.push({ name: `${JSON.stringify(body)} as the body`, input: { ...base, body }, expect400: true });
    }
  }
  if (operation.method === 'PATCH') {
    cases.push({ name: 'an empty PATCH', input: { ...base, body: {} }, expect400: true });
    cases.push({ name: 'a PATCH of unknown fields', input: { ...base, body: { fuzz: 1 } }, expect400: true });
  }
  return cases;
}

/** The base input with a NUL in every text: path, query (known and not) and body; null when none. */
function everyTextWithNul(operation: Operation, base: Input): Input | null {
  let touched = false;
  const params = { ...base.params };
  for (const parameter of operation.params) {
    if (typeOf(parameter.schema) === 'string') {
      params[parameter.name] = nul;
      touched = true;
    }
  }
  const query: Record<string, unknown> = { ...base.query };
  for (const parameter of operation.query) {
    if (isTextField(parameter.schema) || typeOf(parameter.schema) === 'array') {
      query[parameter.name] = nul;
      touched = true;
    }
  }
  let body = base.body;
  if (operation.body) {
    for (const leaf of leaves(operation.body)) {
      if (isTextField(leaf.schema)) {
        body = setAt(body, leaf.path, nul);
        touched = true;
      }
    }
  }
  return touched ? { params, query, body } : null;
}

function urlOf(operation: Operation, input: Input) {
  const path = operation.pattern.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(input.params[name] ?? '1'),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

function send(operation: Operation, input: Input, headers: Record<string, string> = {}): Promise<Answer> {
  const hasBody = input.body !== undefined && operation.method !== 'GET' && operation.method !== 'DELETE';
  return t.app.inject({
    method: operation.method as 'GET',
    url: urlOf(operation, input),
    headers: hasBody ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(hasBody ? { payload: JSON.stringify(input.body) } : {}),
  });
}

// Each problem is collected with the call that caused it, so one run names every route that fails.
const describeCall = (operation: Operation, caseName: string, caller: string, answer: Answer) =>
  `${operation.method} ${operation.pattern} (${caseName}, ${caller}): ${answer.statusCode} ${answer.body.slice(0, 200)}`;

describe('hostile input on every operation of the API document', () => {
  test('the document lists the operations, and every public one is a registered route', () => {
    expect(operations.length).toBeGreaterThan(100);
    const documented = new Set(operations.map((operation) => `${operation.method} ${operation.pattern}`));
    for (const key of publicOperations) expect(documented, key).toContain(key);
  });

  test('an anonymous caller of a private operation gets 401 before any input is read', async () => {
    const problems: string[] = [];
    for (const operation of operations) {
      if (!operation.pattern.startsWith('/api/')) continue;
      const input = everyTextWithNul(operation, baseInput(operation)) ?? baseInput(operation);
      const answer = await send(operation, input);
      const isPublic = isPublicOperation(operation.method, operation.pattern);
      if (answer.statusCode >= 500) problems.push(describeCall(operation, 'NUL', 'anonymous', answer));
      else if (!isPublic && answer.statusCode !== 401) {
        problems.push(describeCall(operation, 'private', 'anonymous', answer));
      }
      if (!isPublic && operation.body) {
        const notObject = await send(operation, { ...input, body: [[[1]]] });
        if (notObject.statusCode !== 401) {
          problems.push(describeCall(operation, 'not an object', 'anonymous', notObject));
        }
      }
    }
    expect(problems).toEqual([]);
  });

  test('hostile values answer 400 with a field message, never 500, for signed-in callers', async () => {
    const problems: string[] = [];
    for (const operation of operations) {
      const cases = hostileCases(operation);
      for (const caller of callers) {
        // Non-staff callers are stopped at /api/internal before their input is read (403).
        const gated = operation.pattern.startsWith('/api/internal/') && !caller.staff;
        for (const hostile of gated ? cases.slice(0, 1) : cases) {
          const answer = await send(operation, hostile.input, caller.headers);
          if (answer.statusCode >= 500) {
            problems.push(describeCall(operation, hostile.name, caller.name, answer));
            continue;
          }
          // Sign-in and password-reset routes limit calls per minute before reading anything.
          if (answer.statusCode === 429) continue;
          if (gated) {
            if (answer.statusCode !== 403)
              problems.push(describeCall(operation, 'not staff', caller.name, answer));
            continue;
          }
          if (!hostile.expect400) continue;
          if (answer.statusCode !== 400) {
            problems.push(describeCall(operation, hostile.name, caller.name, answer));
            continue;
          }
          const { fields = {} } = answer.json<{ fields?: Record<string, string> }>();
          const named =
            hostile.field === undefined ||
            (hostile.field === '*'
              ? Object.values(fields).includes(controlCharacterMessage)
              : hostile.field in fields);
          if (!named) problems.push(describeCall(operation, `${hostile.name} unnamed`, caller.name, answer));
        }
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
