import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GeneratedIdea } from '../src/modules/providers/generated-idea.js';

/**
 * A language-model server for tests: the real AI SDK providers talk to it over HTTP.
 * It speaks OpenAI chat completions, the OpenAI Responses API, Anthropic messages and Gemini's
 * generateContent, and answers each request with a scripted behaviour (queued, else the default).
 */

export const fakeApiKey = 'fake-llm-key';

export type FakeLlmApi = 'chat' | 'responses' | 'messages' | 'gemini';

export type FakeLlmBehaviour =
  | {
      kind: 'idea';
      /** Defaults to an idea derived from the request's angle line (or a hash of it). */
      idea?: GeneratedIdea;
      /** The candidates, when the prompt asks for several; default: variants of `idea`. */
      ideas?: GeneratedIdea[];
      delayMs?: number;
      /** Defaults to about one token per four characters of the prompt and of the answer. */
      usage?: { input: number; output: number };
    }
  /** A 200 whose content is this object, as JSON: a sense-making step's answer. */
  | {
      kind: 'object';
      object: unknown;
      delayMs?: number;
      usage?: { input: number; output: number };
    }
  /** A 200 whose content is not an object of the schema. */
  | {
      kind: 'malformed';
      text?: string;
      delayMs?: number;
      usage?: { input: number; output: number };
    }
  /** Any status; without `body`, an error in the provider's own format. */
  | {
      kind: 'status';
      status: number;
      headers?: Record<string, string>;
      body?: unknown;
      delayMs?: number;
    }
  /** Never answers: the client has to abort, or the server to close. */
  | { kind: 'hang' }
  /** Closes the connection without an answer, as a provider that is down does. */
  | { kind: 'drop'; delayMs?: number };

export interface RecordedLlmRequest {
  /** 1-based, in order of arrival, over all paths. */
  n: number;
  path: string;
  api: FakeLlmApi | undefined;
  headers: IncomingHttpHeaders;
  /** Parsed JSON, or the raw text when it is not JSON. */
  body: unknown;
  system: string | undefined;
  user: string | undefined;
  /** Date.now() on arrival. */
  at: number;
}

export type FakeLlmResponder =
  FakeLlmBehaviour | ((request: RecordedLlmRequest) => FakeLlmBehaviour);

export interface FakeLlmServer {
  /** e.g. 'http://127.0.0.1:41234' */
  url: string;
  /** The `baseURL` every provider expects: they append /chat/completions, /responses, /messages,
   * /models/<model>:generateContent. */
  baseUrl: string;
  requests: RecordedLlmRequest[];
  /** The calls to an embedding endpoint (OpenAI's or Gemini's), not among `requests`. */
  embeddingRequests: RecordedLlmRequest[];
  /** The most requests answered at the same time so far. */
  maxInFlight: number;
  enqueue: (...behaviours: FakeLlmBehaviour[]) => void;
  setDefault: (responder: FakeLlmResponder) => void;
  /** How many requests arrived, on one path (e.g. '/v1/messages') or on all. */
  calls: (path?: string) => number;
  /** Whether the embedding endpoints answer ('ok', the default) or fail with a 500. */
  setEmbeddings: (mode: 'ok' | 'fail') => void;
  /** Forgets requests and queue, and restores the default responder and embeddings. */
  reset: () => void;
  close: () => Promise<void>;
}

const apiByPath: Record<string, FakeLlmApi> = {
  '/v1/chat/completions': 'chat',
  '/v1/responses': 'responses',
  '/v1/messages': 'messages',
};

/** Gemini names the model in the path, not in the body. */
const geminiPath = /^\/v1\/models\/([^/:]+):generateContent$/;

function apiOf(path: string): FakeLlmApi | undefined {
  return apiByPath[path] ?? (geminiPath.test(path) ? 'gemini' : undefined);
}

export async function startFakeLlmServer(
  options: { default?: FakeLlmResponder } = {},
): Promise<FakeLlmServer> {
  const initialDefault: FakeLlmResponder = options.default ?? { kind: 'idea' };
  let responder = initialDefault;
  let queue: FakeLlmBehaviour[] = [];
  let inFlight = 0;
  let embeddings: 'ok' | 'fail' = 'ok';
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const api = req.method === 'POST' ? apiOf(path) : undefined;
    const body = parseJson(raw);
    const request: RecordedLlmRequest = {
      n: fake.requests.length + 1,
      path,
      api,
      headers: req.headers,
      body,
      ...extractTexts(api, body),
      at: Date.now(),
    };
    const embedding = req.method === 'POST' ? embeddingApiOf(path) : undefined;
    if (embedding !== undefined) {
      // Kept apart, so that counts of idea calls stay what they were without embeddings.
      fake.embeddingRequests.push(request);
      if (embeddings === 'fail') sendJson(res, 500, errorBody(embedding.errors, 500));
      else sendJson(res, 200, embedding.answer(body));
      return;
    }
    fake.requests.push(request);
    if (api === undefined) {
      sendJson(res, 404, errorBody('chat', 404, `No route for ${req.method ?? ''} ${path}`));
      return;
    }
    const behaviour =
      queue.shift() ?? (typeof responder === 'function' ? responder(request) : responder);
    if (behaviour.kind === 'hang') return;
    if (behaviour.kind === 'drop') {
      await delay(behaviour.delayMs ?? 0);
      req.socket.destroy();
      return;
    }
    inFlight += 1;
    fake.maxInFlight = Math.max(fake.maxInFlight, inFlight);
    await delay(behaviour.delayMs ?? 0);
    inFlight -= 1;
    if (res.destroyed) return;
    const { status, headers, payload } = answer(api, behaviour, request);
    sendJson(res, status, payload, headers);
  }

  function delay(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const fake: FakeLlmServer = {
    url,
    baseUrl: `${url}/v1`,
    requests: [],
    embeddingRequests: [],
    maxInFlight: 0,
    enqueue: (...behaviours) => {
      queue.push(...behaviours);
    },
    setDefault: (next) => {
      responder = next;
    },
    calls: (path) => fake.requests.filter((r) => path === undefined || r.path === path).length,
    setEmbeddings: (mode) => {
      embeddings = mode;
    },
    reset: () => {
      embeddings = 'ok';
      fake.requests = [];
      fake.embeddingRequests = [];
      fake.maxInFlight = 0;
      queue = [];
      responder = initialDefault;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const closed = new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      });
      server.closeAllConnections();
      await closed;
    },
  };
  return fake;
}

function answer(
  api: FakeLlmApi,
  behaviour: Exclude<FakeLlmBehaviour, { kind: 'hang' | 'drop' }>,
  request: RecordedLlmRequest,
): { status: number; headers?: Record<string, string>; payload: unknown } {
  switch (behaviour.kind) {
    case 'status':
      return {
        status: behaviour.status,
        headers: behaviour.headers,
        payload: behaviour.body ?? errorBody(api, behaviour.status),
      };
    case 'malformed':
      return {
        status: 200,
        payload: success(api, request, behaviour.text ?? '{"title": "cut off', behaviour.usage),
      };
    case 'object':
      return {
        status: 200,
        payload: success(api, request, JSON.stringify(behaviour.object), behaviour.usage),
      };
    case 'idea': {
      const idea = behaviour.idea ?? defaultIdea(request);
      const asked = candidatesAsked(request);
      const text = JSON.stringify(
        asked > 1 ? { ideas: behaviour.ideas ?? candidateVariants(idea, asked) } : idea,
      );
      return { status: 200, payload: success(api, request, text, behaviour.usage) };
    }
  }
}

function success(
  api: FakeLlmApi,
  request: RecordedLlmRequest,
  text: string,
  usage: { input: number; output: number } | undefined,
): unknown {
  const input = usage?.input ?? estimateTokens(`${request.system ?? ''}${request.user ?? ''}`);
  const output = usage?.output ?? estimateTokens(text);
  const body = asRecord(request.body);
  const model =
    typeof body.model === 'string'
      ? body.model
      : (geminiPath.exec(request.path)?.[1] ?? 'fake-model');
  const id = `fake-${request.n}`;
  switch (api) {
    case 'chat':
      return {
        id: `chatcmpl-${id}`,
        object: 'chat.completion',
        created: Math.floor(request.at / 1000),
        model,
        choices: [
          { index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' },
        ],
        usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output },
      };
    case 'responses':
      return {
        id: `resp_${id}`,
        object: 'response',
        created_at: Math.floor(request.at / 1000),
        status: 'completed',
        model,
        output: [
          {
            type: 'message',
            id: `msg_${id}`,
            role: 'assistant',
            status: 'completed',
            content: [{ type: 'output_text', text, annotations: [] }],
          },
        ],
        incomplete_details: null,
        usage: {
          input_tokens: input,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens: output,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: input + output,
        },
      };
    case 'messages': {
      // Older Claude models get the schema as a forced `json` tool, newer ones as output_config.
      const viaTool =
        Array.isArray(body.tools) && body.tools.some((t) => asRecord(t).name === 'json');
      return {
        type: 'message',
        id: `msg_${id}`,
        role: 'assistant',
        model,
        content: viaTool
          ? [{ type: 'tool_use', id: `toolu_${id}`, name: 'json', input: parseJson(text) }]
          : [{ type: 'text', text }],
        stop_reason: viaTool ? 'tool_use' : 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: input, output_tokens: output },
      };
    }
    case 'gemini':
      return {
        candidates: [
          { content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 },
        ],
        usageMetadata: {
          promptTokenCount: input,
          candidatesTokenCount: output,
          totalTokenCount: input + output,
        },
        modelVersion: model,
        responseId: id,
      };
  }
}

const anthropicErrorTypes: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  529: 'overloaded_error',
};

const geminiErrorStatuses: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  503: 'UNAVAILABLE',
};

const openaiErrorTypes: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'invalid_request_error',
  404: 'invalid_request_error',
  429: 'rate_limit_exceeded',
};

function errorBody(api: FakeLlmApi, status: number, message = `Fake error ${status}`): unknown {
  if (api === 'messages') {
    return { type: 'error', error: { type: anthropicErrorTypes[status] ?? 'api_error', message } };
  }
  if (api === 'gemini') {
    return { error: { code: status, message, status: geminiErrorStatuses[status] ?? 'INTERNAL' } };
  }
  const type = openaiErrorTypes[status] ?? 'server_error';
  return { error: { message, type, param: null, code: status === 401 ? 'invalid_api_key' : type } };
}

/**
 * `Idea n: <angle> — <theme>`: the slot's direction echoed back (the angle's name up to its
 * first full stop, and the theme it focuses on), so parallel slots answer as differently as
 * their prompts differ.
 */
export function defaultIdea(request: Pick<RecordedLlmRequest, 'n' | 'user'>): GeneratedIdea {
  const user = request.user ?? '';
  const angleLine = /^\s*Angle(?: for this idea)?:\s*(.+)$/m.exec(user)?.[1]?.trim();
  const theme = /<focus_theme>\s*([^<]*?)\s*<\/focus_theme>/.exec(user)?.[1];
  const angle = angleLine?.split('.')[0]?.slice(0, 60);
  const label = angle
    ? `${angle}${theme ? ` — ${theme.slice(0, 40)}` : ''}`
    : `variation ${createHash('sha256').update(user).digest('hex').slice(0, 8)}`;
  return {
    title: `Idea ${request.n}: ${label}`,
    summary: `A fake idea from the angle "${label}".`,
    description: `Seen from the angle "${label}": what it is, why it could help, and a first step.`,
  };
}

/** How many ideas the prompt asks for: 'answer with exactly 3 new ideas' (else one). */
export function candidatesAsked(request: Pick<RecordedLlmRequest, 'user'>): number {
  const match = /answer with exactly (\d+) new ideas/i.exec(request.user ?? '');
  return match ? Number(match[1]) : 1;
}

/** Distinct candidates around one idea: the first is the idea itself. */
export function candidateVariants(idea: GeneratedIdea, count: number): GeneratedIdea[] {
  return Array.from({ length: count }, (_, i) =>
    i === 0
      ? idea
      : {
          title: `${idea.title} (candidate ${i + 1})`,
          summary: `${idea.summary} Candidate ${i + 1}.`,
          description: idea.description,
        },
  );
}

const EMBEDDINGS_PATH = '/v1/embeddings';
const geminiEmbeddingPath = /^\/v1\/models\/[^/:]+:(embedContent|batchEmbedContents)$/;

/** The embedding endpoints: OpenAI's `/embeddings`, and Gemini's one and batch forms. */
function embeddingApiOf(
  path: string,
): { answer: (body: unknown) => unknown; errors: FakeLlmApi } | undefined {
  if (path === EMBEDDINGS_PATH) return { answer: embeddingAnswer, errors: 'chat' };
  const gemini = geminiEmbeddingPath.exec(path);
  if (!gemini) return undefined;
  return {
    answer: gemini[1] === 'embedContent' ? geminiEmbeddingAnswer : geminiBatchEmbeddingAnswer,
    errors: 'gemini',
  };
}

/** The text of a Gemini embedding request's content: its parts' texts, joined. */
function geminiContentText(request: unknown): string {
  const content = asRecord(asRecord(request).content);
  return asArray(content.parts)
    .map((part) => {
      const text = asRecord(part).text;
      return typeof text === 'string' ? text : '';
    })
    .join('');
}

function geminiEmbeddingAnswer(body: unknown): unknown {
  return { embedding: { values: fakeEmbedding(geminiContentText(body)) } };
}

function geminiBatchEmbeddingAnswer(body: unknown): unknown {
  const requests = asArray(asRecord(body).requests);
  return {
    embeddings: requests.map((request) => ({ values: fakeEmbedding(geminiContentText(request)) })),
  };
}
export const FAKE_EMBEDDING_DIMENSIONS = 256;

/**
 * A deterministic vector from a text: a hashed bag of its words cut to their first five
 * letters, normalised. Texts that share most words (a rewording) point the same way.
 */
export function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(FAKE_EMBEDDING_DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/\p{L}{3,}/gu) ?? []) {
    const digest = createHash('sha256').update(word.slice(0, 5)).digest();
    const index = digest.readUInt16BE(0) % FAKE_EMBEDDING_DIMENSIONS;
    vector[index] = (vector[index] ?? 0) + 1;
  }
  const norm = Math.hypot(...vector) || 1;
  return vector.map((x) => x / norm);
}

/** OpenAI's embeddings answer; usage is about one token per four characters. */
function embeddingAnswer(body: unknown): unknown {
  const record = asRecord(body);
  const input = Array.isArray(record.input) ? record.input.map(String) : [String(record.input)];
  const tokens = input.reduce((sum, text) => sum + estimateTokens(text), 0);
  return {
    object: 'list',
    data: input.map((text, index) => ({
      object: 'embedding',
      index,
      embedding: fakeEmbedding(text),
    })),
    model: typeof record.model === 'string' ? record.model : 'fake-embedding',
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  };
}

function extractTexts(
  api: FakeLlmApi | undefined,
  body: unknown,
): { system: string | undefined; user: string | undefined } {
  const record = asRecord(body);
  const messages = asArray(
    api === 'responses' ? record.input : api === 'gemini' ? record.contents : record.messages,
  ).map(asRecord);
  const byRole = (roles: string[]) =>
    joinTexts(
      messages
        .filter((m) => roles.includes(String(m.role)))
        .map((m) => (api === 'gemini' ? m.parts : m.content)),
    );
  switch (api) {
    case 'chat':
      return { system: byRole(['system', 'developer']), user: byRole(['user']) };
    case 'responses':
      return {
        system: joinTexts([record.instructions]) ?? byRole(['system', 'developer']),
        user: byRole(['user']),
      };
    case 'messages':
      return { system: joinTexts([record.system]), user: byRole(['user']) };
    case 'gemini':
      return {
        system: joinTexts([asRecord(record.systemInstruction).parts]),
        user: byRole(['user']),
      };
    case undefined:
      return { system: undefined, user: undefined };
  }
}

/** Strings, or arrays of parts with a `text` (chat `text`, Responses `input_text`, Anthropic,
 * Gemini). */
function joinTexts(contents: unknown[]): string | undefined {
  const texts = contents.flatMap((content) =>
    typeof content === 'string'
      ? [content]
      : asArray(content)
          .map((part) => asRecord(part).text)
          .filter((text): text is string => typeof text === 'string'),
  );
  return texts.length > 0 ? texts.join('\n') : undefined;
}

function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? (value as unknown[]) : [];
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(
  res: ServerResponse,
  status: number,
  payload: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(payload));
}

/** The idea numbers a sense-making prompt lists, `[12] Title — summary`, in order. */
export function ideaNumbersIn(request: Pick<RecordedLlmRequest, 'user'>): number[] {
  return [...(request.user ?? '').matchAll(/^\[(\d+)\] /gm)].map((match) => Number(match[1]));
}
