import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    root: fileURLToPath(new URL('..', import.meta.url)),
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Two cores: files in parallel on forks, each with its own key prefix on one Redis.
    pool: 'forks',
  },
});
