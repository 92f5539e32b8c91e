// An open-loop load generator: requests arrive at a fixed rate, as users do, whether or not the
// server has answered the ones before. A closed loop (autocannon's connections, each waiting
// for its answer) slows down with the server and so hides the wait a real user would see: the
// "coordinated omission" of load testing. Here request i is due at t0 + i / rate, and its
// latency is counted from that due time, so a server (or a sender) falling behind shows up as
// latency.
import { request as httpRequest, Agent } from 'node:http';
import { performance } from 'node:perf_hooks';

/** A request that has not answered by then counts as an error. */
const TIMEOUT_MS = 10_000;

/**
 * Keep-alive connections to the server under test, enough that the pool is never what waits:
 * at 2,000 requests/s and a p99 of 50 ms about 100 are in flight.
 */
export function loadAgent() {
  return new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 256 });
}

/** One request; resolves to its status (0 for a network error or a time-out), never rejects. */
function send(agent, baseUrl, { method, path, headers, body }) {
  return new Promise((resolve) => {
    const req = httpRequest(new URL(path, baseUrl), { method, headers, agent, timeout: TIMEOUT_MS });
    req.on('response', (res) => {
      res.resume(); // the body is read and dropped: only its arrival counts
      res.on('end', () => resolve(res.statusCode));
      res.on('error', () => resolve(0));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

/**
 * Sends `rate` requests a second for `seconds`, each made by `nextRequest(i)` ({ method, path,
 * headers, body }), and waits for the last answer. Returns the latencies from the due times,
 * sorted, with the errors (non-2xx or no answer) by status, and `lateMs`: how far behind its
 * schedule the sender itself fell at worst (a busy sender would otherwise pass as a slow server).
 */
export async function openLoop({ agent, baseUrl, rate, seconds, nextRequest }) {
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const latencies = new Float64Array(total);
  const errors = {};
  let lateMs = 0;
  let lastAnswer = 0;
  const pending = [];
  const t0 = performance.now() + 5;
  for (let i = 0; i < total;) {
    const now = performance.now();
    // Everything due by now goes out at once: a late timer must not thin out the arrivals.
    for (; i < total && t0 + i * interval <= now; i++) {
      const due = t0 + i * interval;
      lateMs = Math.max(lateMs, now - due);
      const index = i;
      pending.push(
        send(agent, baseUrl, nextRequest(index)).then((status) => {
          const answered = performance.now();
          latencies[index] = answered - due;
          lastAnswer = Math.max(lastAnswer, answered);
          if (status < 200 || status > 299) errors[status] = (errors[status] ?? 0) + 1;
        }),
      );
    }
    if (i < total) await new Promise((resolve) => setTimeout(resolve, Math.max(0, t0 + i * interval - now)));
  }
  await Promise.all(pending);
  latencies.sort();
  const at = (q) => latencies[Math.min(total - 1, Math.floor(q * total))];
  return {
    rate,
    requests: total,
    // Answers a second over the whole step: below `rate` when answers kept falling behind.
    achieved: total / ((lastAnswer - t0) / 1000),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: latencies[total - 1],
    errors: Object.values(errors).reduce((sum, count) => sum + count, 0),
    errorsByStatus: errors,
    lateMs,
  };
}
