import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    environment: 'node',
    // Service tests start real servers and hash passwords with scrypt: give them room on 2 cores.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
})
