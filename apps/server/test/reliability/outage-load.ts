// A steady mix of reads and writes sent to a running instance over HTTP while a test takes a service away:
// each worker is one person who signs in now and then, creates clients and projects and lists them. Every
// answer is kept (what, when, how long, status, message), so the test can say what each phase saw.
import { bearer, GOOD_PASSWORD, type SignedIn } from '../helper.ts';

/** A request that takes this long counts as hung (status 0); far past what any answer may take. */
const HANG_MS = 20_000;
/** After an answer that is not a success a worker waits this long, as a client honouring Retry-After would. */
const BACK_OFF_MS = 100;

export interface LoadAnswer {
  op: 'sign-in' | 'create-client' | 'list-clients' | 'create-project' | 'list-projects';
  /** Date.now() when it was sent, and how long its answer took. */
  startedAt: number;
  ms: number;
  /** 0: no answer (a network error, or no answer within HANG_MS). */
  status: number;
  success?: boolean;
  message?: string;
  code?: string;
  retryAfter?: string | null;
  error?: string;
}

export interface OutageLoad {
  answers: LoadAnswer[];
  /** Ids of the clients and projects whose creation was answered 201. */
  acknowledged: { clients: string[]; projects: string[] };
  stop(): Promise<void>;
}

const OPS: LoadAnswer['op'][] = [
  'create-client',
  'list-clients',
  'create-project',
  'list-projects',
  'create-client',
  'list-projects',
  'list-clients',
  'create-project',
  'list-clients',
  'sign-in',
];

/** One worker per person, each sending one request after another to `base` until stopped. */
export function outageLoad(base: string, people: SignedIn[]): OutageLoad {
  const load: OutageLoad = { answers: [], acknowledged: { clients: [], projects: [] }, stop: async () => {} };
  let running = true;

  const send = async (op: LoadAnswer['op'], who: SignedIn, n: string) => {
    const requests: Record<LoadAnswer['op'], { method: string; path: string; body?: object }> = {
      'sign-in': {
        method: 'POST',
        path: '/api/auth/login',
        body: { email: who.user.email, password: GOOD_PASSWORD },
      },
      'create-client': {
        method: 'POST',
        path: '/api/clients',
        body: { name: `Client ${n}`, email: `client-${n}@example.com` },
      },
      'list-clients': { method: 'GET', path: '/api/clients' },
      'create-project': {
        method: 'POST',
        path: '/api/projects',
        body: { title: `Project ${n}`, type: 'single' },
      },
      'list-projects': { method: 'GET', path: '/api/projects' },
    };
    const r = requests[op];
    const startedAt = Date.now();
    const answer: LoadAnswer = { op, startedAt, ms: 0, status: 0 };
    try {
      const res = await fetch(`${base}${r.path}`, {
        method: r.method,
        headers: { ...bearer(who.token), ...(r.body ? { 'content-type': 'application/json' } : {}) },
        body: r.body ? JSON.stringify(r.body) : undefined,
        signal: AbortSignal.timeout(HANG_MS),
      });
      const text = await res.text();
      answer.status = res.status;
      answer.retryAfter = res.headers.get('retry-after');
      try {
        const body = JSON.parse(text);
        answer.success = body.success;
        answer.message = body.message;
        answer.code = body.error?.code;
        if (res.ok && op === 'sign-in') who.token = body.data.token;
        if (res.status === 201 && op === 'create-client')
          load.acknowledged.clients.push(body.data.client._id);
        if (res.status === 201 && op === 'create-project')
          load.acknowledged.projects.push(body.data.project._id);
      } catch {
        answer.message = text.slice(0, 200);
      }
    } catch (err) {
      answer.error = (err as Error).message;
    }
    answer.ms = Date.now() - startedAt;
    load.answers.push(answer);
    return answer;
  };

  const worker = async (who: SignedIn, w: number) => {
    for (let i = 0; running; i++) {
      const answer = await send(OPS[i % OPS.length]!, who, `${w}-${i}`);
      if (answer.status < 200 || answer.status >= 300) await new Promise((r) => setTimeout(r, BACK_OFF_MS));
    }
  };
  const workers = people.map(worker);
  load.stop = async () => {
    running = false;
    await Promise.all(workers);
  };
  return load;
}

/** Answers that are not a success, counted by status ("0" for no answer), e.g. { '503': 120 }. */
export function failuresByStatus(answers: LoadAnswer[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) if (a.status < 200 || a.status >= 300) out[a.status] = (out[a.status] ?? 0) + 1;
  return out;
}

export const slowest = (answers: LoadAnswer[]) => answers.reduce((max, a) => Math.max(max, a.ms), 0);
