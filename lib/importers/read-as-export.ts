import { diaryExportSchema, EXPORT_FORMAT, EXPORT_VERSION, type DiaryExport } from '@/lib/schemas/export';
import type { Settings } from '@/lib/schemas/settings';
import { readPickedFiles, type PickedFile, type ReadRecipes } from './read-export';
import { ImportFileError, type ImportOptions, type ImportReport } from './types';

export type WorkerRequest = { files: PickedFile[]; options: ImportOptions; settings: Settings };
export type ReadExport = { data: DiaryExport; report: ImportReport };
/** A diary's export as the diary's own document, or a recipe app's recipes for the recipe preview. */
export type ReadImport = ({ kind: 'diary' } & ReadExport) | ({ kind: 'recipes' } & ReadRecipes);

/**
 * The files as the diary's export document, checked against the schema every write goes through:
 * a reader's mistake shows here, before anything is stored. Another app's files keep the user's
 * own settings, so importing them never changes those; the diary's own file brings its own.
 */
export function readAsDiaryExport({ files, options, settings }: WorkerRequest): ReadImport {
  const read = readPickedFiles(files, options);
  if (read.kind === 'recipes') return read;
  // The diary's own file was checked as it was read (lib/importers/diary-file.ts).
  if (read.diary) return { kind: 'diary', data: read.diary, report: read.report };
  const parsed = diaryExportSchema.safeParse({
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    settings,
    foods: read.foods,
    days: read.days,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ImportFileError('notConvertible', null, null, `${issue.path.join('.')}: ${issue.message}`);
  }
  return { kind: 'diary', data: parsed.data, report: read.report };
}
