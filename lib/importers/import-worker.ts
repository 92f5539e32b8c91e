/// <reference lib="webworker" />
import { readAsDiaryExport, type ReadImport, type WorkerRequest } from './read-as-export';
import { ImportFileError } from './types';

export type { ReadExport, ReadImport, WorkerRequest } from './read-as-export';
export type WorkerAnswer =
  | { ok: true; result: ReadImport }
  | { ok: false; error: Pick<ImportFileError, 'reason' | 'file' | 'line' | 'detail' | 'issue'> };

/**
 * Reads an export off the page's thread: ten years of a diary take a second or more
 * to parse and check, and the page stays responsive (and Stop works) meanwhile.
 */
self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  let answer: WorkerAnswer;
  try {
    answer = { ok: true, result: readAsDiaryExport(event.data) };
  } catch (error) {
    const known = error instanceof ImportFileError;
    answer = {
      ok: false,
      error: {
        reason: known ? error.reason : 'notConvertible',
        file: known ? error.file : null,
        line: known ? error.line : null,
        detail: known ? error.detail : error instanceof Error ? error.message : String(error),
        issue: known ? error.issue : null,
      },
    };
  }
  self.postMessage(answer);
};
