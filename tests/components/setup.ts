import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Each test starts with an empty page and an empty browser storage, as a fresh guest's.
afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  });
});
