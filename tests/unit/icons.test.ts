import { describe, expect, it } from 'vitest';
import { GET } from '@/app/api/icons/[file]/route';
import { bundledIcons } from '@/lib/icons/bundle';
import { chunkIconNames, isIconSetFor } from '@/lib/icons/client';
import { icons } from '@/lib/icons/names';
import { ICON_MAX_URL_LENGTH } from '@/lib/icons/sets';

function get(file: string, query = '') {
  return GET(new Request(`http://localhost/api/icons/${file}${query}`), {
    params: Promise.resolve({ file }),
  });
}

describe('GET /api/icons/{prefix}.json', () => {
  it('answers the asked icons in the Iconify API shape', async () => {
    const response = await get('heroicons.json', '?icons=trash,heart');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.prefix).toBe('heroicons');
    expect(Object.keys(body.icons).sort()).toEqual(['heart', 'trash']);
    expect(body.icons.trash.body).toContain('<path');
    expect(body.width).toBe(24);
    expect(body.height).toBe(24);
    expect(body.not_found).toBeUndefined();
  });

  it('resolves aliases such as the circle-flags uk flag', async () => {
    const body = await (await get('circle-flags.json', '?icons=uk,ru')).json();
    expect(body.aliases?.uk ?? body.icons.uk).toBeDefined();
    expect(body.icons.ru).toBeDefined();
  });

  it('lists unknown and malformed names under not_found', async () => {
    const body = await (await get('mdi.json', '?icons=food-apple,no-such-icon,<script>')).json();
    expect(Object.keys(body.icons)).toEqual(['food-apple']);
    expect(body.not_found.sort()).toEqual(['<script>', 'no-such-icon']);
  });

  it("finds only the set's own names, not what every object inherits", async () => {
    const body = await (
      await get('heroicons.json', '?icons=constructor,trash,toString,hasOwnProperty')
    ).json();
    expect(Object.keys(body.icons)).toEqual(['trash']);
    expect(body.not_found.sort()).toEqual(['constructor', 'hasOwnProperty', 'toString']);
  });

  it('answers 404 for a prefix it does not serve', async () => {
    expect((await get('fontawesome.json', '?icons=a')).status).toBe(404);
    expect((await get('mdi', '?icons=home')).status).toBe(404);
    expect((await get('..%2Fpackage.json', '?icons=a')).status).toBe(404);
  });

  it('answers 400 without icons or with too many', async () => {
    expect((await get('lucide.json')).status).toBe(400);
    expect((await get('lucide.json', '?icons=')).status).toBe(400);
    expect((await get('lucide.json', '?icons=,,,')).status).toBe(400);
    const many = Array.from({ length: 101 }, (_, index) => `icon-${index}`).join(',');
    const response = await get('lucide.json', `?icons=${many}`);
    expect(response.status).toBe(400);
    expect((await response.json()).field).toBe('icons');
  });
});

describe('icon bundle', () => {
  it('holds exactly the icons of the app table, so the first screen needs no request', () => {
    expect(Object.keys(bundledIcons).sort()).toEqual([...new Set(Object.values(icons))].sort());
    for (const data of Object.values(bundledIcons)) expect(data.body.length).toBeGreaterThan(10);
  });
});

describe('icon loader helpers', () => {
  it('splits long requests so each URL stays under the seed limit', () => {
    const names = Array.from({ length: 80 }, (_, index) => `some-long-icon-name-${index}`);
    const chunks = chunkIconNames('/api/icons/mdi.json', names);
    expect(chunks.flat()).toEqual(names);
    for (const chunk of chunks) {
      expect(`/api/icons/mdi.json?icons=${chunk.join(',')}`.length).toBeLessThanOrEqual(ICON_MAX_URL_LENGTH);
    }
  });

  it('rejects invalid icon data', () => {
    expect(isIconSetFor('mdi', { prefix: 'mdi', icons: {} })).toBe(true);
    expect(isIconSetFor('mdi', { prefix: 'lucide', icons: {} })).toBe(false);
    expect(isIconSetFor('mdi', { prefix: 'mdi' })).toBe(false);
    expect(isIconSetFor('mdi', null)).toBe(false);
    expect(isIconSetFor('mdi', '<html>')).toBe(false);
  });
});
