import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogle } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, generateText, NoObjectGeneratedError, Output } from 'ai';
import type { LanguageModel } from 'ai';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { generatedIdeaSchema } from '../src/modules/providers/generated-idea.js';
import { fakeApiKey, startFakeLlmServer } from './fake-llm-server.js';
import type { FakeLlmServer } from './fake-llm-server.js';

const system = 'You invent ideas. Answer with one JSON object.';
const prompt = 'Problem: meetings run long.\nAngle: Substitute\nAvoid: none';

function generateIdea(model: LanguageModel, abortSignal?: AbortSignal) {
  return generateText({
    model,
    instructions: system,
    prompt,
    output: Output.object({ schema: generatedIdeaSchema }),
    temperature: 0.9,
    maxOutputTokens: 800,
    maxRetries: 0,
    abortSignal,
  });
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected the call to fail'),
    (error: unknown) => error,
  );
}

let server: FakeLlmServer;
beforeAll(async () => {
  server = await startFakeLlmServer();
});
afterEach(() => {
  server.reset();
});
afterAll(() => server.close());

const connection = () => ({ baseURL: server.baseUrl, apiKey: fakeApiKey });
const providers: {
  name: string;
  path: string;
  model: () => LanguageModel;
  /** Where the request carries the JSON schema. */
  schemaOf: (body: Record<string, unknown>) => unknown;
}[] = [
  {
    name: 'openai-compatible chat',
    path: '/v1/chat/completions',
    model: () =>
      createOpenAICompatible({
        ...connection(),
        name: 'fake',
        supportsStructuredOutputs: true,
      }).chatModel('fake-model'),
    schemaOf: (body) => body.response_format,
  },
  {
    name: 'openai responses',
    path: '/v1/responses',
    model: () => createOpenAI(connection())('gpt-4.1-mini'),
    schemaOf: (body) => (body.text as { format: unknown }).format,
  },
  {
    name: 'openai chat',
    path: '/v1/chat/completions',
    model: () => createOpenAI(connection()).chat('gpt-4.1-mini'),
    schemaOf: (body) => body.response_format,
  },
  {
    name: 'anthropic output_config',
    path: '/v1/messages',
    model: () => createAnthropic(connection())('claude-sonnet-4-5'),
    schemaOf: (body) => (body.output_config as { format: unknown }).format,
  },
  {
    name: 'anthropic json tool',
    path: '/v1/messages',
    model: () => createAnthropic(connection())('claude-3-haiku-20240307'),
    schemaOf: (body) => ({ tools: body.tools, tool_choice: body.tool_choice }),
  },
  {
    name: 'gemini generateContent',
    path: '/v1/models/gemini-2.5-flash:generateContent',
    model: () => createGoogle(connection())('gemini-2.5-flash'),
    schemaOf: (body) => body.generationConfig,
  },
];

const schemaShape = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    summary: { type: 'string' },
    description: { type: 'string' },
  },
};
const expectedSchemaRequest: Record<string, unknown> = {
  'openai-compatible chat': { type: 'json_schema', json_schema: { schema: schemaShape } },
  'openai responses': { type: 'json_schema', schema: schemaShape },
  'openai chat': { type: 'json_schema', json_schema: { schema: schemaShape } },
  'anthropic output_config': { type: 'json_schema', schema: schemaShape },
  'anthropic json tool': {
    tools: [{ name: 'json', input_schema: schemaShape }],
    tool_choice: { type: 'any' },
  },
  'gemini generateContent': {
    responseMimeType: 'application/json',
    responseJsonSchema: schemaShape,
  },
};

describe.each(providers)('$name through the fake server', ({ name, path, model, schemaOf }) => {
  it('answers the default idea with usage, and records the request', async () => {
    const result = await generateIdea(model());

    expect(result.output).toEqual({
      title: 'Idea 1: Substitute',
      summary: expect.stringContaining('Substitute') as string,
      description: expect.stringContaining('Substitute') as string,
    });
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    expect(result.usage.outputTokens).toBeGreaterThan(0);
    expect(result.warnings).toEqual([]);
    expect(server.calls(path)).toBe(1);
    const [request] = server.requests;
    expect(request).toMatchObject({ path, system, user: prompt });
    expect(schemaOf(request?.body as Record<string, unknown>)).toMatchObject(
      expectedSchemaRequest[name] as object,
    );
  });

  it('answers a scripted idea with scripted usage', async () => {
    const idea = { title: 'Walking meetings', summary: 'Meet on foot.', description: 'Walk.' };
    server.enqueue({ kind: 'idea', idea, usage: { input: 123, output: 45 } });

    const result = await generateIdea(model());

    expect(result.output).toEqual(idea);
    expect(result.usage).toMatchObject({ inputTokens: 123, outputTokens: 45 });
  });

  it('makes the SDK throw NoObjectGeneratedError on malformed content', async () => {
    server.enqueue({ kind: 'malformed' });

    const error = await failure(generateIdea(model()));

    expect(NoObjectGeneratedError.isInstance(error)).toBe(true);
  });

  it('makes the SDK throw a retryable APICallError on 429 with Retry-After', async () => {
    server.enqueue({ kind: 'status', status: 429, headers: { 'Retry-After': '1' } });

    const error = await failure(generateIdea(model()));

    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      statusCode: 429,
      isRetryable: true,
      responseHeaders: { 'retry-after': '1' },
      message: 'Fake error 429',
    });
  });

  it('makes the SDK throw a final APICallError on 401', async () => {
    server.enqueue({ kind: 'status', status: 401 });

    const error = await failure(generateIdea(model()));

    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ statusCode: 401, isRetryable: false });
  });

  it('hangs until the abort signal fires', async () => {
    server.enqueue({ kind: 'hang' });

    const error = await failure(generateIdea(model(), AbortSignal.timeout(300)));

    expect(error).toMatchObject({ name: 'TimeoutError' });
    expect(server.calls(path)).toBe(1);
  });
});

describe('scripting the fake server', () => {
  const chat = () =>
    createOpenAICompatible({
      ...connection(),
      name: 'fake',
      supportsStructuredOutputs: true,
    }).chatModel('fake-model');
  const claude = () => createAnthropic(connection())('claude-sonnet-4-5');

  it('consumes the queue in order over all endpoints, then falls back to the default', async () => {
    server.enqueue({ kind: 'status', status: 500 }, { kind: 'malformed' });
    server.setDefault({ kind: 'status', status: 503 });

    const errors = [
      await failure(generateIdea(claude())),
      await failure(generateIdea(chat())),
      await failure(generateIdea(chat())),
    ];

    expect(errors[0]).toMatchObject({ statusCode: 500, isRetryable: true });
    expect(NoObjectGeneratedError.isInstance(errors[1])).toBe(true);
    expect(errors[2]).toMatchObject({ statusCode: 503 });
    expect(server.calls('/v1/messages')).toBe(1);
    expect(server.calls()).toBe(3);
  });

  it('derives the default idea from the Angle line, or from a hash of the prompt', async () => {
    server.setDefault(() => ({ kind: 'idea', delayMs: 50 }));
    const ask = (text: string) =>
      generateText({
        model: chat(),
        prompt: text,
        output: Output.object({ schema: generatedIdeaSchema }),
      });

    const [first, second, third] = await Promise.all([
      ask('Angle: Black hat (caution)'),
      ask('No angle here'),
      ask('No angle here'),
    ]);

    const label = (title: string) => title.replace(/^Idea [1-3]: /, '');
    expect(label(first.output.title)).toBe('Black hat (caution)');
    expect(label(second.output.title)).toMatch(/^variation [0-9a-f]{8}$/);
    expect(label(third.output.title)).toBe(label(second.output.title));
    expect(new Set([first, second, third].map((r) => r.output.title)).size).toBe(3);
    expect(server.maxInFlight).toBeGreaterThanOrEqual(2);
  });

  it('delays answers, counts per path and forgets everything on reset', async () => {
    server.enqueue({ kind: 'idea', delayMs: 200 });

    const started = Date.now();
    await generateIdea(chat());

    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(server.calls('/v1/chat/completions')).toBe(1);
    expect(server.calls('/v1/responses')).toBe(0);
    server.reset();
    expect(server.requests).toEqual([]);
    expect(server.maxInFlight).toBe(0);
  });

  it('answers 404 on an unknown path', async () => {
    const response = await fetch(`${server.url}/v1/audio/speech`, { method: 'POST', body: '{}' });

    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      error: { message: expect.any(String) as string },
    });
  });

  it('closes cleanly while a request hangs', async () => {
    const own = await startFakeLlmServer({ default: { kind: 'hang' } });
    const model = createOpenAI({ baseURL: own.baseUrl, apiKey: fakeApiKey })('gpt-4.1-mini');
    const pending = failure(generateIdea(model));
    await vi.waitFor(() => {
      expect(own.calls()).toBe(1);
    });

    await own.close();

    expect(APICallError.isInstance(await pending)).toBe(true);
  });
});
