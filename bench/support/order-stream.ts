/**
 * A steady stream of orders for a benchmark, in a process of its own (so that the load it makes and the
 * latencies it measures never wait on the benchmark's own event loop, where autocannon runs): members in turn,
 * each through the cart (add one option, then order it with an Idempotency-Key), at a fixed rate, until told
 * to stop. Start it with `orderStream`; run as a script, it reads its task from ORDER_STREAM (JSON).
 */
import { fork } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile } from './client.js';
import { isMain, round } from './report.js';
import { json } from './staff-session.js';

export type Ordering = {
  rate: number;
  placed: number;
  refused: number;
  failed: number;
  p50Ms: number;
  p99Ms: number;
};
export type Buyer = {
  token: string;
  currency: 'KRW' | 'USD';
  country: string;
  email: string;
  options: Priced[];
};
export type Priced = { id: string; unit: number };

type Task = { base: string; buyers: Buyer[]; rate: number };

/** Orders at `rate` per second, the members in turn, each through the cart, until `stop` resolves. */
export async function orderAtRate(
  base: string,
  buyers: Buyer[],
  rate: number,
  stop: Promise<void>,
): Promise<Ordering> {
  const ms: number[] = [];
  let placed = 0;
  let refused = 0;
  let failed = 0;
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  const running = new Set<Promise<void>>();
  const one = async (buyer: Buyer, option: Priced) => {
    const auth = { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' };
    const started = performance.now();
    const added = await json(`${base}/api/v1/cart`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ productOptionAndQuantityList: [{ productOptionUuid: option.id, quantity: 1 }] }),
    });
    if (added.status !== 200) {
      if (added.status === 409) refused++;
      else failed++;
      return;
    }
    const order = await json(`${base}/api/v1/order`, {
      method: 'POST',
      headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({
        currencyCode: buyer.currency,
        finalPaymentAmount: option.unit,
        receiverInfo: {
          companyName: 'Browse Bench Co., Ltd.',
          companyEmail: buyer.email,
          receiverName: 'Bench Receiver',
          postalCode: '03925',
          addressDetail: '396 World Cup buk-ro, Mapo-gu',
          phoneNumber: '+82 10-5556-0000',
          country: buyer.country,
        },
        productOptionList: [{ productOptionUuid: option.id, quantity: 1 }],
      }),
    });
    ms.push(performance.now() - started);
    if (order.status === 200) placed++;
    else if (order.status === 409) refused++;
    else failed++;
  };
  const interval = 1000 / rate;
  const start = performance.now();
  for (let i = 0; !stopped; i++) {
    const buyer = buyers[i % buyers.length]!;
    const option = buyer.options[Math.floor(i / buyers.length) % buyer.options.length]!;
    const task = one(buyer, option).catch(() => {
      failed++;
    });
    running.add(task);
    void task.finally(() => running.delete(task));
    const due = start + (i + 1) * interval;
    await Promise.race([sleep(Math.max(0, due - performance.now())), stop]);
  }
  await Promise.all(running);
  return {
    rate,
    placed,
    refused,
    failed,
    p50Ms: round(percentile(ms, 50), 1),
    p99Ms: round(percentile(ms, 99), 1),
  };
}

/** Starts the stream in a child process; `stop` ends it and gives what it measured. */
export function orderStream(task: Task) {
  const child = fork(import.meta.filename, [], {
    env: { ...process.env, ORDER_STREAM: JSON.stringify(task) },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const result = new Promise<Ordering>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Ordering));
    child.once('exit', (code) => reject(new Error(`the order stream ended with ${code}`)));
  });
  return {
    async stop(): Promise<Ordering> {
      child.send('stop');
      return result;
    },
  };
}

if (isMain(import.meta.url) && process.env.ORDER_STREAM) {
  const task = JSON.parse(process.env.ORDER_STREAM) as Task;
  const stop = new Promise<void>((resolve) => process.once('message', () => resolve()));
  const outcome = await orderAtRate(task.base, task.buyers, task.rate, stop);
  process.send?.(outcome, () => process.exit(0));
}
