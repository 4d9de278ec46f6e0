/**
 * A random id (UUID v4) from the platform's Web Crypto: Node 19+, browsers, Deno, Bun and edge
 * workers all have `crypto.randomUUID` as a global, so the core imports nothing from Node.
 */
export const randomId = (): string => globalThis.crypto.randomUUID();
