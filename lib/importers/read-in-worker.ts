import { LIMITS } from '@/lib/limits';
import type { Settings } from '@/lib/schemas/settings';
import type { ReadImport, WorkerAnswer, WorkerRequest } from './import-worker';
import { ImportFileError, type ImportOptions } from './types';

/** lib/importers/import-worker.ts, bundled by scripts/build-import-worker.mjs. */
export const IMPORT_WORKER_URL = '/import-worker.js';

/**
 * Reads the picked files in a worker: a diary's export into the diary's own export document, a
 * recipe app's into its recipes. `signal` stops it at once (the worker is ended); the promise then rejects with the
 * signal's reason.
 */
export async function readInWorker(
  picked: File[],
  options: ImportOptions,
  settings: Settings,
  signal?: AbortSignal,
): Promise<ReadImport> {
  // Refused before reading: a file far past the limit is not loaded into memory to find out.
  const size = picked.reduce((sum, file) => sum + file.size, 0);
  if (size > LIMITS.importBytes.max) throw new ImportFileError('tooLarge', picked[0]?.name ?? null);
  const files = await Promise.all(
    picked.map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })),
  );
  signal?.throwIfAborted();
  const worker = new Worker(IMPORT_WORKER_URL);
  try {
    return await new Promise<ReadImport>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      worker.onerror = (event) => reject(new ImportFileError('notConvertible', null, null, event.message));
      worker.onmessage = ({ data }: MessageEvent<WorkerAnswer>) => {
        if (data.ok) resolve(data.result);
        else
          reject(
            new ImportFileError(
              data.error.reason,
              data.error.file,
              data.error.line,
              data.error.detail,
              data.error.issue,
            ),
          );
      };
      const request: WorkerRequest = { files, options, settings };
      worker.postMessage(
        request,
        files.map((file) => file.bytes.buffer as ArrayBuffer),
      );
    });
  } finally {
    worker.terminate();
  }
}
