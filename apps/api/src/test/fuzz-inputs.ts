/**
 * Hostile requests for the operations of the shop's OpenAPI document, reproducible from a seed. Most start
 * from a value the schemas accept and break one thing in it (a field, a parameter, the body as a whole, its
 * encoding or content type), so the broken part reaches as far into the shop as it can.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

export type Parameter = { in: string; name: string; required: boolean; schema: JsonSchema };

export type Operation = {
  method: string;
  /** The document's path, with `{name}` for each path parameter. */
  path: string;
  parameters: Parameter[];
  /** The JSON body schema, if the operation takes one. */
  body: JsonSchema | null;
  /** Whether the answer is JSON (the envelope); demo images and the CSV export are not. */
  json: boolean;
  /**
   * The file formats a JSON operation also answers when its `format` query asks for one (a report's CSV and
   * XLSX downloads): such an answer is a file, not the envelope.
   */
  formats: string[];
};

type DocumentOperation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
};
export type OpenApiDocument = { paths?: Record<string, Record<string, DocumentOperation>> };

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** The values a `format` query parameter takes (its enum), if the operation has one. */
function fileFormats(parameters: readonly Parameter[]): string[] {
  const format = parameters.find((p) => p.in === 'query' && p.name === 'format');
  const values = (format?.schema as { enum?: unknown } | undefined)?.enum;
  return Array.isArray(values) ? values.filter((v): v is string => typeof v === 'string') : [];
}

/** Every method and path of the document. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const responses = Object.values(operation.responses ?? {});
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
        json: responses.some((response) => response.content?.['application/json'] !== undefined),
        formats: fileFormats(operation.parameters ?? []),
      });
    }
  }
  return operations;
}

export type Random = {
  /** A number in [0, 1). */
  next(): number;
  /** A whole number in [0, max). */
  int(max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
};

/** mulberry32: small, fast and the same on every machine. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return {
    next,
    int,
    pick: <T>(items: readonly T[]) => items[int(items.length)]!,
    chance: (probability) => next() < probability,
  };
}

/** A stable 32-bit number for a text, to give each route its own stream from one seed. */
export function hashText(text: string): number {
  let hash = 2_166_136_261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16_777_619);
  return hash >>> 0;
}

/** Values that make a base request valid where the schema alone cannot say (existing rows, passwords). */
export type Hints = Record<string, (() => unknown) | undefined>;

export type FuzzContext = {
  hints: Hints;
  /** Existing values for a path parameter of an operation (tried half of the time). */
  pathValues(operation: Operation, name: string): string[];
  /** Makes bodies in another format the operation reads (the CSV import), if it reads one. */
  rawBodyFor?(operation: Operation): ((random: Random) => { contentType: string; payload: string }) | null;
};

export type FuzzRequest = {
  /** What was broken, for the failure report. */
  kind: string;
  /** The kinds that could have been sent here (what applies depends on the base request drawn). */
  kindsThatApply: string[];
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

// ---------------------------------------------------------------------------------------------------------
// Values the schemas accept

const CANDIDATE_TEXTS = [
  'fuzz@example.com',
  'Fuzz1234!',
  '123456',
  '1208812345',
  '20260101-1001',
  '2026-01-15',
  '2026-01-15T10:00:00Z',
  'Shipping fee/15000',
  'Fuzz text',
  'x',
];

const schemaType = (schema: JsonSchema): string | undefined => {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null');
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
};

function variantsOf(schema: JsonSchema): JsonSchema[] | undefined {
  const variants = schema.anyOf ?? schema.oneOf;
  return variants?.length ? variants : undefined;
}

function uuidFrom(random: Random): string {
  const hex = () => random.int(16).toString(16);
  const part = (length: number) => Array.from({ length }, hex).join('');
  return `${part(8)}-${part(4)}-4${part(3)}-${random.pick(['8', '9', 'a', 'b'])}${part(3)}-${part(12)}`;
}

function lengthFits(schema: JsonSchema, text: string) {
  return (
    text.length >= (schema.minLength ?? 0) && text.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY)
  );
}

function exampleText(schema: JsonSchema, random: Random): string {
  if (schema.format === 'uuid') return uuidFrom(random);
  if (schema.format === 'date') return '2026-01-15';
  if (schema.format === 'date-time') return '2026-01-15T10:00:00Z';
  if (schema.format === 'email') return 'fuzz@example.com';
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const found = CANDIDATE_TEXTS.find((text) => pattern.test(text) && lengthFits(schema, text));
    if (found) return found;
  }
  const text = 'Fuzz text'.slice(0, schema.maxLength ?? 9);
  return text.padEnd(schema.minLength ?? 0, 'x');
}

function exampleNumber(schema: JsonSchema, integer: boolean): number {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 100);
  const value = Math.min(Math.max(1, min), max);
  return integer ? Math.ceil(value) : value;
}

/** A value the schema accepts (as far as the document says), with the hints for named fields. */
export function exampleOf(
  schema: JsonSchema,
  name: string | undefined,
  random: Random,
  hints: Hints,
): unknown {
  const hint = name === undefined ? undefined : hints[name];
  if (hint) return hint();
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return random.pick(schema.enum);
  const variants = variantsOf(schema);
  if (variants) {
    const present = variants.filter((variant) => variant.type !== 'null');
    return exampleOf(random.pick(present.length ? present : variants), name, random, hints);
  }
  if (schema.allOf?.length) return exampleOf(Object.assign({}, ...schema.allOf), name, random, hints);
  switch (schemaType(schema)) {
    case 'boolean':
      return random.chance(0.5);
    case 'integer':
      return exampleNumber(schema, true);
    case 'number':
      return exampleNumber(schema, false);
    case 'string':
      return exampleText(schema, random);
    case 'array': {
      const count = Math.max(1, schema.minItems ?? 1);
      return Array.from({ length: count }, () => exampleOf(schema.items ?? {}, undefined, random, hints));
    }
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [
          key,
          exampleOf(property, key, random, hints),
        ]),
      );
    case 'null':
      return null;
    default:
      return 'fuzz';
  }
}

// ---------------------------------------------------------------------------------------------------------
// Hostile values

const CONTROLS = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u001b', '\u007f', '\t', '\n', '\r'];
const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff'];
const TRICKY_TEXTS = [
  "' OR '1'='1' --",
  '%',
  '%_\\',
  '\\',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, sent as written
  '${7*7}{{7*7}}',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '2147483648',
  '-2147483649',
  '1e21',
  '0x10',
  '-0',
  '\u202e\u200b\ufeff',
  '\ufffe\uffff',
  'ǅ̸̢͎͖̓̈́ͅ',
  '😀'.repeat(3),
];

function insertAt(base: string, insert: string, random: Random): string {
  const at = random.int(base.length + 1);
  return base.slice(0, at) + insert + base.slice(at);
}

/** A string that is empty, huge, controlled, half a character or otherwise unwelcome. */
export function hostileText(random: Random, base = 'fuzz', maxLength?: number): string {
  const over = (maxLength ?? 1000) + 1;
  switch (random.int(14)) {
    case 0:
      return '';
    case 1:
      return random.pick([' ', '   ', '\t \n']);
    case 2:
      return insertAt(base, random.pick(CONTROLS), random);
    case 3:
      return insertAt(base, random.pick(LONE_SURROGATES), random);
    case 4:
      return 'x'.repeat(over);
    case 5:
      return 'ab'.repeat(150_000);
    case 6:
      return '가'.repeat(maxLength ?? 500);
    case 7:
      return '😀'.repeat(Math.ceil(over / 2));
    case 8:
    case 9:
      return random.pick(TRICKY_TEXTS);
    case 10:
      return `${base}\u0000`;
    case 11:
      return '\u0000';
    case 12:
      return random.pick(LONE_SURROGATES);
    default:
      return `${base}${random.pick(TRICKY_TEXTS)}`;
  }
}

const EDGE_NUMBERS = [
  2_147_483_648,
  -2_147_483_649,
  2_147_483_647,
  -2_147_483_648,
  2 ** 53 + 2,
  -1,
  0,
  -0,
  0.5,
  1.5,
  1e21,
  -1e21,
  1e308,
  5e-324,
  100_000_001,
  1_000_000.01,
];

/** Numbers at and past the edges of a schema and of the database's columns. */
export function hostileNumber(random: Random, schema: JsonSchema = {}): number {
  const edges = [
    ...(schema.maximum !== undefined ? [schema.maximum, schema.maximum + 1, schema.maximum + 0.5] : []),
    ...(schema.minimum !== undefined ? [schema.minimum, schema.minimum - 1, schema.minimum - 0.5] : []),
  ];
  return random.chance(0.4) && edges.length ? random.pick(edges) : random.pick(EDGE_NUMBERS);
}

/** Any JSON value, nested a little. */
export function junkValue(random: Random, depth = 0): unknown {
  const choice = random.int(depth > 2 ? 10 : 14);
  switch (choice) {
    case 0:
      return null;
    case 1:
      return random.chance(0.5);
    case 2:
      return hostileNumber(random);
    case 3:
      return '';
    case 4:
      return '\u0000';
    case 5:
      return hostileText(random);
    case 6:
      return [];
    case 7:
      return {};
    case 8:
      return '12';
    case 9:
      return { $gt: '' };
    case 10:
      return Array.from({ length: 1 + random.int(4) }, () => junkValue(random, depth + 1));
    case 11:
      return {
        [random.pick(['a', 'id', 'constructor', 'toString', 'length'])]: junkValue(random, depth + 1),
      };
    case 12:
      return Array.from({ length: 3000 }, (_, i) => i);
    default: {
      let nested: unknown = 'bottom';
      for (let i = 0; i < 200; i++) nested = random.chance(0.5) ? [nested] : { a: nested };
      return nested;
    }
  }
}

/** A value of the wrong kind for the schema, or a hostile one of the right kind. */
function hostileFor(schema: JsonSchema, base: unknown, random: Random): unknown {
  if (random.chance(0.3)) return junkValue(random);
  switch (schemaType(schema) ?? typeof base) {
    case 'string':
      return hostileText(random, typeof base === 'string' ? base : 'fuzz', schema.maxLength);
    case 'integer':
    case 'number':
      return hostileNumber(random, schema);
    default:
      return junkValue(random);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Walking a value with its schema

type Slot = { path: (string | number)[]; schema: JsonSchema; value: unknown };

function schemaForValue(schema: JsonSchema, value: unknown): JsonSchema {
  const variants = variantsOf(schema);
  if (!variants) return schema;
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  return (
    variants.find((variant) => {
      const type = schemaType(variant);
      return type === kind || (kind === 'number' && type === 'integer');
    }) ?? variants[0]!
  );
}

function slotsOf(schema: JsonSchema, value: unknown, path: (string | number)[] = []): Slot[] {
  const own = schemaForValue(schema, value);
  const slots: Slot[] = path.length ? [{ path, schema: own, value }] : [];
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      slots.push(...slotsOf(own.items ?? {}, item, [...path, index]));
    });
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      slots.push(...slotsOf(own.properties?.[key] ?? {}, item, [...path, key]));
    }
  }
  return slots;
}

function setAt(target: unknown, path: (string | number)[], value: unknown): void {
  let node = target as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
}

function deleteAt(target: unknown, path: (string | number)[]): void {
  let node = target as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (Array.isArray(node)) node.splice(Number(last), 1);
  else delete node[last];
}

const clone = <T>(value: T): T => structuredClone(value);

// ---------------------------------------------------------------------------------------------------------
// Encodings

/**
 * Percent-encodes text for a URL, lone surrogates included: they become the bytes a careless encoder writes
 * (ED A0 80 for U+D800), which are not UTF-8. encodeURIComponent would throw on them instead.
 */
export function encodeLoosely(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(text[i]!);
    }
  }
  return out;
}

/** Path and query values already encoded the way a hostile client sends them. */
const RAW_SEGMENTS = [
  '%',
  '%zz',
  '%00',
  '%ED%A0%80',
  '%C0%AF',
  '%FF',
  '%2F',
  '%2e%2e',
  '..',
  '%20',
  '2147483648',
  '-2147483649',
  '9'.repeat(400),
  '1e21',
  '-1',
  '1.5',
  '0',
  'NaN',
  'Infinity',
  'null',
  '%3Cscript%3E',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'a'.repeat(101),
  'a'.repeat(5000),
];

function hostileSegment(random: Random, base: string): string {
  switch (random.int(6)) {
    case 0:
      return encodeLoosely(hostileText(random, base).slice(0, 3000));
    case 1:
      return base.toUpperCase();
    case 2:
      return base.replaceAll('-', '');
    case 3:
      return `${base}%00`;
    default:
      return random.pick(RAW_SEGMENTS);
  }
}

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  'application/octet-stream',
  'text/csv',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/jsonx',
  'APPLICATION/JSON',
  'application/json;;;',
];

const MALFORMED_JSON = [
  '{',
  '{"a":',
  "{'a':1}",
  '{"a":1,}',
  '[1,2',
  'NaN',
  'undefined',
  '\u0000',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\\x00"}',
  '"unterminated',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '1e999999',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  '\ufeff{}',
  ' ',
  '',
];

// ---------------------------------------------------------------------------------------------------------
// Requests

const JSON_TYPE = { 'content-type': 'application/json' };

function pathWith(operation: Operation, values: Record<string, string>): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => values[name] ?? 'x');
}

function queryString(pairs: [string, string][]): string {
  return pairs.length ? `?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}` : '';
}

type Base = {
  pathValues: Record<string, string>;
  query: [string, string][];
  body: unknown;
};

function baseRequest(operation: Operation, random: Random, context: FuzzContext): Base {
  const pathValues: Record<string, string> = {};
  const query: [string, string][] = [];
  for (const parameter of operation.parameters) {
    if (parameter.in === 'path') {
      const existing = context.pathValues(operation, parameter.name);
      const value =
        existing.length && random.chance(0.6)
          ? random.pick(existing)
          : String(exampleOf(parameter.schema, parameter.name, random, context.hints));
      pathValues[parameter.name] = encodeURIComponent(value);
    } else if (parameter.in === 'query' && (parameter.required || random.chance(0.5))) {
      const value = exampleOf(parameter.schema, parameter.name, random, context.hints);
      query.push([parameter.name, encodeURIComponent(String(value))]);
    }
  }
  const body = operation.body ? exampleOf(operation.body, undefined, random, context.hints) : undefined;
  return { pathValues, query, body };
}

type Mutation = { kind: string; weight: number; applies: boolean; make: () => Partial<FuzzRequest> };

function pickByWeight(mutations: Mutation[], roll: number): Mutation {
  let left = roll;
  for (const mutation of mutations) {
    left -= mutation.weight;
    if (left < 0) return mutation;
  }
  return mutations.at(-1)!;
}

/**
 * `count` requests for one operation. Each is the operation's base request with one thing broken. Each kind
 * that applies is sent once before any is drawn again, so that a short run (CI's) still tries every kind;
 * after that the kinds are drawn by weight among those that apply.
 */
export function* fuzzRequests(
  operation: Operation,
  random: Random,
  count: number,
  context: FuzzContext,
): Generator<FuzzRequest> {
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const queryParameters = operation.parameters.filter((p) => p.in === 'query');
  const takesBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(operation.method);
  const rawBody = context.rawBodyFor?.(operation) ?? null;
  const tried = new Set<string>();

  for (let n = 0; n < count; n++) {
    const base = baseRequest(operation, random, context);
    let pathValues = base.pathValues;
    let query = base.query;
    let body = base.body;
    const json = (value: unknown): Partial<FuzzRequest> => ({
      headers: JSON_TYPE,
      payload: JSON.stringify(value),
    });
    const slots = operation.body && body !== undefined ? slotsOf(operation.body, body) : [];
    const textSlots = slots.filter((slot) => typeof slot.value === 'string');
    const numberSlots = slots.filter((slot) => typeof slot.value === 'number');
    const objectSlots: Slot[] = [
      ...(body && typeof body === 'object' && !Array.isArray(body)
        ? [{ path: [], schema: operation.body!, value: body }]
        : []),
      ...slots.filter((slot) => slot.value && typeof slot.value === 'object' && !Array.isArray(slot.value)),
    ];

    const mutations: Mutation[] = [
      {
        kind: 'field: hostile value',
        weight: 30,
        applies: slots.length > 0,
        make: () => {
          const slot = random.pick(slots);
          body = clone(body);
          setAt(body, slot.path, hostileFor(slot.schema, slot.value, random));
          return json(body);
        },
      },
      {
        kind: 'field: control character or lone surrogate inside a valid text',
        weight: 15,
        applies: textSlots.length > 0,
        make: () => {
          const slot = random.pick(textSlots);
          const insert = random.pick([...CONTROLS, ...LONE_SURROGATES]);
          body = clone(body);
          setAt(body, slot.path, insertAt(slot.value as string, insert, random));
          return json(body);
        },
      },
      {
        kind: 'field: number at or past an edge',
        weight: 10,
        applies: numberSlots.length > 0,
        make: () => {
          const slot = random.pick(numberSlots);
          body = clone(body);
          setAt(body, slot.path, hostileNumber(random, slot.schema));
          return json(body);
        },
      },
      {
        kind: 'field: text one past its maximum length',
        weight: 5,
        applies: textSlots.some((slot) => slot.schema.maxLength !== undefined),
        make: () => {
          const slot = random.pick(textSlots.filter((s) => s.schema.maxLength !== undefined));
          body = clone(body);
          const filler = random.pick(['x', '가', '😀']);
          setAt(body, slot.path, filler.repeat(slot.schema.maxLength! + 1));
          return json(body);
        },
      },
      {
        kind: 'every text field: NUL or a lone surrogate',
        weight: 5,
        applies: textSlots.length > 0,
        make: () => {
          body = clone(body);
          const insert = random.pick(['\u0000', '\ud800', '\udfff']);
          for (const slot of textSlots) setAt(body, slot.path, `${slot.value as string}${insert}`);
          return json(body);
        },
      },
      {
        kind: 'field missing',
        weight: 5,
        applies: slots.length > 0,
        make: () => {
          body = clone(body);
          deleteAt(body, random.pick(slots).path);
          return json(body);
        },
      },
      {
        kind: 'extra fields',
        weight: 4,
        applies: objectSlots.length > 0,
        make: () => {
          body = clone(body);
          const slot = random.pick(objectSlots);
          const target = (slot.path.length ? slot.path : []).reduce<unknown>(
            (node, key) => (node as Record<string | number, unknown>)[key],
            body,
          ) as Record<string, unknown>;
          for (let i = 0; i < 1 + random.int(3); i++) {
            target[random.pick(['extra', 'id', 'isAdmin', 'role', 'status', 'statusCode', 'x'.repeat(300)])] =
              junkValue(random);
          }
          // A literal __proto__ key only survives as JSON text.
          const text = JSON.stringify(body);
          return {
            headers: JSON_TYPE,
            payload:
              random.chance(0.3) && text.startsWith('{')
                ? `{"__proto__":{"role":"OWNER"},${text.slice(1)}`
                : text,
          };
        },
      },
      {
        kind: 'body: junk of another shape',
        weight: 4,
        applies: takesBody,
        make: () => json(junkValue(random)),
      },
      {
        kind: 'body: malformed JSON',
        weight: 4,
        applies: takesBody,
        make: () => ({ headers: JSON_TYPE, payload: random.pick(MALFORMED_JSON) }),
      },
      {
        kind: 'body: duplicated keys',
        weight: 2,
        applies: textSlots.some((slot) => slot.path.length === 1),
        make: () => {
          const slot = random.pick(textSlots.filter((s) => s.path.length === 1));
          const text = JSON.stringify(body);
          return { headers: JSON_TYPE, payload: `${text.slice(0, -1)},"${slot.path[0]}":"\\u0000"}` };
        },
      },
      {
        kind: 'body: wrong content type',
        weight: 4,
        applies: takesBody,
        make: () => ({
          headers: { 'content-type': random.pick(WRONG_CONTENT_TYPES) },
          payload: random.chance(0.5) ? JSON.stringify(body ?? {}) : hostileText(random),
        }),
      },
      {
        kind: 'body: over a mebibyte',
        weight: 1,
        applies: takesBody,
        make: () =>
          random.chance(0.5)
            ? json({ ...(body && typeof body === 'object' ? body : {}), filler: 'x'.repeat(1_100_000) })
            : { headers: { 'content-type': 'application/json' }, payload: Buffer.alloc(1_200_000, 0x20) },
      },
      {
        kind: 'body: in another format',
        weight: 20,
        applies: rawBody !== null,
        make: () => {
          const raw = rawBody!(random);
          return { headers: { 'content-type': raw.contentType }, payload: raw.payload };
        },
      },
      {
        kind: 'query: hostile value',
        weight: 15,
        applies: queryParameters.length > 0,
        make: () => {
          const parameter = random.pick(queryParameters);
          const others = query.filter(([name]) => name !== parameter.name);
          const value = hostileSegment(random, 'fuzz');
          const repeated = random.chance(0.15);
          query = repeated
            ? [...others, [parameter.name, '1'], [parameter.name, value]]
            : [...others, [random.chance(0.1) ? `${parameter.name}[]` : parameter.name, value]];
          return {};
        },
      },
      {
        kind: 'query: unknown parameters',
        weight: 3,
        applies: true,
        make: () => {
          query = [
            ...query,
            ['__proto__[x]', '1'],
            [encodeLoosely(hostileText(random).slice(0, 200)), '%00'],
          ];
          return {};
        },
      },
      {
        kind: 'path: odd parameter',
        weight: 15,
        applies: pathParameters.length > 0,
        make: () => {
          const parameter = random.pick(pathParameters);
          pathValues = {
            ...pathValues,
            [parameter.name]: hostileSegment(random, decodeURIComponent(pathValues[parameter.name]!)),
          };
          return takesBody && body !== undefined ? json(body) : {};
        },
      },
      {
        kind: 'headers: odd Idempotency-Key',
        weight: 2,
        applies: takesBody,
        make: () => ({
          headers: {
            'idempotency-key': random.pick([
              '',
              ' ',
              'é',
              'a'.repeat(201),
              'k'.repeat(200),
              `fuzz-${random.int(4)}`,
            ]),
            ...JSON_TYPE,
          },
          payload: JSON.stringify(body ?? {}),
        }),
      },
      {
        kind: 'headers: odd authorization',
        weight: 2,
        applies: true,
        make: () => ({
          headers: {
            authorization: random.pick([
              'Bearer',
              'Bearer ',
              'Basic Zm9vOmJhcg==',
              `Bearer ${'a'.repeat(8000)}`,
              'Bearer null',
              'bearer %00',
            ]),
            ...(takesBody && body !== undefined ? JSON_TYPE : {}),
          },
          ...(takesBody && body !== undefined ? { payload: JSON.stringify(body) } : {}),
        }),
      },
    ];

    const usable = mutations.filter((mutation) => mutation.applies);
    const total = usable.reduce((sum, mutation) => sum + mutation.weight, 0);
    const mutation =
      usable.find((untried) => !tried.has(untried.kind)) ?? pickByWeight(usable, random.next() * total);
    tried.add(mutation.kind);
    const made = mutation.make();
    const headers = { ...(made.headers ?? {}) };
    let payload = made.payload;
    if (payload === undefined && takesBody && body !== undefined && !headers['content-type']) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    yield {
      kind: mutation.kind,
      kindsThatApply: usable.map((applying) => applying.kind),
      method: operation.method,
      url: pathWith(operation, pathValues) + queryString(query),
      headers,
      ...(payload === undefined ? {} : { payload }),
    };
  }
}

/** Runs of one or two repeated characters longer than 16 become `<'ab'×150000>`. */
export function collapseRuns(text: string): string {
  return text.replace(
    /([\s\S]{1,2}?)\1{15,}/g,
    (run, unit: string) => `<${JSON.stringify(unit)}×${run.length / unit.length}>`,
  );
}

/** One line that says what was sent, short enough for a report; control characters are escaped. */
export function describeRequest(request: FuzzRequest): string {
  const show = (text: string, max: number) => {
    const shown = collapseRuns(JSON.stringify(text).slice(1, -1));
    return shown.length > max ? `${shown.slice(0, max)}… (${text.length} chars)` : shown;
  };
  const payload =
    request.payload === undefined
      ? ''
      : Buffer.isBuffer(request.payload)
        ? ` body: <${request.payload.length} bytes>`
        : ` body: ${show(request.payload, 1500)}`;
  const headers = Object.keys(request.headers).length
    ? ` headers: ${show(JSON.stringify(request.headers), 200)}`
    : '';
  return `${request.method} ${show(request.url, 300)} [${request.kind}]${headers}${payload}`;
}
