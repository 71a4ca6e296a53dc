import { z } from 'zod';

/** Upload intents and their URLs live 15 minutes (the specification's limit). */
export const UPLOAD_INTENT_TTL_MS = 15 * 60 * 1000;

export const artifactPlatform = z.enum(['android', 'ios']);
export const contentTypes = {
  android: ['application/vnd.android.package-archive', 'application/octet-stream'],
  ios: ['application/zip', 'application/octet-stream'],
} as const;
export const extension = { android: 'apk', ios: 'ipa' } as const;
export const declaredBytes = z
  .number()
  .int()
  .min(1)
  // The bound in force is ARTIFACT_MAX_BYTES; the document states its default.
  .meta({ maximum: 500 * 1024 * 1024 })
  .describe('Exact size of the file in bytes (at most ARTIFACT_MAX_BYTES, 500 MiB by default).');
