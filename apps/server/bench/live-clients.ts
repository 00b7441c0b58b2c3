/**
 * The live benchmark's readers, in a process of their own (several run at once, each with a
 * share of the streams), so that reading thousands of events a second neither competes with the
 * voter's timing nor shares its event loop. Each stream is a plain `node:http` request read as
 * server-sent events; every `idea.updated` is recorded with the monotonic clock at the arrival
 * of the chunk that carried it, which all processes of the machine share. The parent asks and
 * this process answers over IPC (see LiveClients in live.ts).
 */
import { get, type IncomingMessage } from 'node:http';
import { createParser } from 'eventsource-parser';

/** One stream to open: where, as whom, and the group its figures count in. */
export interface StreamPlan {
  url: string;
  token: string;
  group: number;
}

/** What one stream read, in arrays the parent can take as they are. */
export interface StreamRecord {
  group: number;
  /** Per `idea.updated`: the idea, its votes total, and when it arrived (ms, monotonic). */
  ideas: Int32Array;
  votes: Float64Array;
  arrivals: Float64Array;
  /** Events whose id did not follow the one before (same process, a greater number). */
  idProblems: number;
  /** Whether the server ended the stream before the benchmark closed it. */
  ended: boolean;
}

export type ClientRequest =
  | { ask: 'open'; streams: StreamPlan[]; concurrency: number }
  | { ask: 'count' }
  | { ask: 'window' }
  | { ask: 'collect' };

export type ClientAnswer =
  | { answer: 'opened' }
  | { answer: 'failed'; error: string }
  | { answer: 'count'; events: number; ended: number }
  | { answer: 'window' }
  | { answer: 'collected'; streams: StreamRecord[]; cpuMs: number; wallMs: number };

/** Milliseconds on the monotonic clock every process of the machine reads alike. */
export const monotonicMs = () => Number(process.hrtime.bigint() / 1000n) / 1000;

interface OpenStream {
  group: number;
  ideas: number[];
  votes: number[];
  arrivals: number[];
  idProblems: number;
  ended: boolean;
  response: IncomingMessage;
}

const streams: OpenStream[] = [];
let events = 0;
let window = { cpu: process.cpuUsage(), wall: monotonicMs() };

const send = (answer: ClientAnswer) => process.send?.(answer);

/** Opens one stream and resolves once its `ready` event arrived. */
function open(plan: StreamPlan): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = get(plan.url, {
      headers: { authorization: `Bearer ${plan.token}`, accept: 'text/event-stream' },
      agent: false,
    });
    request.once('error', reject);
    request.once('response', (response) => {
      response.setEncoding('utf8');
      if (response.statusCode !== 200) {
        let body = '';
        response.on('data', (chunk: string) => (body += chunk));
        response.once('end', () => {
          reject(new Error(`${plan.url}: ${response.statusCode ?? '?'} ${body}`));
        });
        return;
      }
      const stream: OpenStream = {
        group: plan.group,
        ideas: [],
        votes: [],
        arrivals: [],
        idProblems: 0,
        ended: false,
        response,
      };
      let arrival = 0;
      let lastProcess: string | undefined;
      let lastSeq = -1;
      const parser = createParser({
        onEvent(message) {
          if (message.id !== undefined) {
            const [processName, n] = message.id.split('.');
            const seq = Number(n);
            if (lastProcess !== undefined && (processName !== lastProcess || !(seq > lastSeq))) {
              stream.idProblems += 1;
            }
            lastProcess = processName;
            lastSeq = seq;
          }
          if (message.event === 'ready') {
            streams.push(stream);
            resolve();
          } else if (message.event === 'idea.updated') {
            const data = JSON.parse(message.data) as { id: number; votes: number | null };
            stream.ideas.push(data.id);
            stream.votes.push(data.votes ?? NaN);
            stream.arrivals.push(arrival);
            events += 1;
          }
        },
      });
      response.on('data', (chunk: string) => {
        arrival = monotonicMs();
        parser.feed(chunk);
      });
      response.once('close', () => {
        stream.ended = true;
        reject(new Error(`${plan.url}: the stream ended before its ready event`));
      });
    });
  });
}

async function openAll(plans: StreamPlan[], concurrency: number) {
  let next = 0;
  const opener = async () => {
    while (next < plans.length) {
      const plan = plans[next++];
      if (plan) await open(plan);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, opener));
}

function collect(): ClientAnswer {
  const cpu = process.cpuUsage(window.cpu);
  return {
    answer: 'collected',
    cpuMs: (cpu.user + cpu.system) / 1000,
    wallMs: monotonicMs() - window.wall,
    streams: streams.map((stream) => ({
      group: stream.group,
      ideas: Int32Array.from(stream.ideas),
      votes: Float64Array.from(stream.votes),
      arrivals: Float64Array.from(stream.arrivals),
      idProblems: stream.idProblems,
      ended: stream.ended,
    })),
  };
}

process.on('message', (message: ClientRequest) => {
  switch (message.ask) {
    case 'open':
      openAll(message.streams, message.concurrency).then(
        () => send({ answer: 'opened' }),
        (error: unknown) => send({ answer: 'failed', error: String(error) }),
      );
      break;
    case 'count':
      send({ answer: 'count', events, ended: streams.filter((s) => s.ended).length });
      break;
    case 'window':
      window = { cpu: process.cpuUsage(), wall: monotonicMs() };
      send({ answer: 'window' });
      break;
    case 'collect':
      send(collect());
      for (const stream of streams) stream.response.destroy();
      break;
  }
});
