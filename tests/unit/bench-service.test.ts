import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { summariseProfile } from '@/scripts/bench/cpu-profile.mjs';
import { SITE_FILE, siteForBench } from '@/scripts/bench/nginx.mjs';

describe('the bench runs the deployment guide’s nginx site', () => {
  const site = siteForBench(readFileSync(SITE_FILE, 'utf8'), {
    port: 4599,
    appPorts: [4597, 4598],
    logDir: '/tmp/bench-logs',
  });

  it('with plain HTTP on one loopback port and no TLS', () => {
    expect(site.match(/^\s*listen .*$/gm)).toEqual(['    listen 127.0.0.1:4599;']);
    expect(site).not.toMatch(/ssl|return 301/);
  });

  it('in front of the given app ports, with the guide’s passive health', () => {
    expect(site.match(/^\s*server 127\.0\.0\.1:.*$/gm)).toEqual([
      '    server 127.0.0.1:4597 max_fails=3 fail_timeout=10s;',
      '    server 127.0.0.1:4598 max_fails=3 fail_timeout=10s;',
    ]);
  });

  it('keeping the guide’s proxy headers and retry rules, logging into the bench’s folder', () => {
    for (const line of [
      'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
      'proxy_set_header X-Request-Id $request_id;',
      'proxy_next_upstream error timeout;',
      'proxy_next_upstream off;',
      'keepalive_timeout 4s;',
    ]) {
      expect(site).toContain(line);
    }
    expect(site).toContain('access_log /tmp/bench-logs/calorie-diary.access.log');
    expect(site).not.toContain('/var/log/nginx');
  });
});

describe('summariseProfile', () => {
  const frame = (id: number, functionName: string, url: string, children: number[] = []) => ({
    id,
    callFrame: { functionName, url, lineNumber: 0, columnNumber: 0, scriptId: '0' },
    children,
  });
  const root = path.resolve('.next');
  const profile = {
    nodes: [
      frame(1, '(root)', '', [2, 5, 6]),
      frame(2, 'handle', 'file:///x/node_modules/next/dist/server/base-server.js', [3, 4]),
      frame(3, 'query', 'file:///x/node_modules/pg/lib/client.js'),
      frame(4, 'parse', 'file:///x/node_modules/zod/v4/core/parse.js'),
      frame(5, '(garbage collector)', ''),
      frame(6, '(idle)', ''),
    ],
    startTime: 1_000,
    // Samples at 1,010 µs and every 10 µs after; each stands for the 10 µs until the next.
    samples: [3, 3, 4, 5, 6, 3, 2],
    timeDeltas: [10, 10, 10, 10, 10, 10, 10],
  };

  it('counts only the window, leaves idle out and groups by package', () => {
    const summary = summariseProfile(profile, { fromUs: 1_010, toUs: 1_050 }, root);
    expect(summary.totalMs).toBeCloseTo(0.04);
    expect(Object.fromEntries(summary.groups.map((group) => [group.name, group.ms]))).toEqual({
      'drizzle/pg': 0.02,
      'other packages': 0.01,
      GC: 0.01,
    });
    expect(summary.top[0]).toMatchObject({ group: 'drizzle/pg', name: 'query', where: 'pg/lib/client.js:1' });
  });
});
