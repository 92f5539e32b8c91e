import { describe, expect, it } from 'vitest';
import type { DiaryExport } from '@/lib/schemas/export';
import type { Settings } from '@/lib/schemas/settings';
import { signUp } from '../support/api-client';
import { engines, useDatabase } from '../support/database';

describe.each(engines)('calm mode on $name', (engine) => {
  useDatabase(engine);

  it('is off for a new account, stored when turned on, and kept by patches of other fields', async () => {
    const { client } = await signUp();
    expect((await client.get<Settings>('/api/settings')).body.calmMode).toBe(false);
    const on = await client.patch<Settings>('/api/settings', { calmMode: true });
    expect(on.status).toBe(200);
    expect(on.body.calmMode).toBe(true);
    // A patch that leaves it out leaves it as it is.
    await client.patch('/api/settings', { name: 'Ada' });
    expect((await client.get<Settings>('/api/settings')).body).toMatchObject({ name: 'Ada', calmMode: true });
    for (const bad of ['true', 1, null])
      expect((await client.patch('/api/settings', { calmMode: bad })).status, String(bad)).toBe(400);
    const off = await client.patch<Settings>('/api/settings', { calmMode: false });
    expect(off.body.calmMode).toBe(false);
  });

  it('travels in an export into another account', async () => {
    const { client: source } = await signUp();
    await source.patch('/api/settings', { calmMode: true });
    const exported = (await source.get<DiaryExport>('/api/export')).body;
    expect(exported.settings.calmMode).toBe(true);
    const { client: target } = await signUp();
    expect((await target.post('/api/import', exported)).status).toBe(200);
    expect((await target.get<Settings>('/api/settings')).body.calmMode).toBe(true);
  });
});
