import { diaryExportSchema, EXPORT_FORMAT, type DiaryExport } from '@/lib/schemas/export';
import { importIssueOf } from './import-issue';
import { ImportFileError, type ImportFile, type SourceFileKind } from './types';

// The format marker every diary file carries, wherever in the object it was written.
const FORMAT_FIELD = new RegExp(`"format"\\s*:\\s*"${EXPORT_FORMAT}"`);

/**
 * The diary's own file (Settings > Your data > Export JSON, from a guest or an account, on any
 * device): one more reader beside the other apps', so every file takes the same way in. Unlike
 * theirs, it is read as written: its ids, goals and settings are the diary's own, and importing
 * it twice changes nothing.
 */
export const diaryFileReader = {
  app: 'calorieDiary' as const,
  kindOf: (file: ImportFile): SourceFileKind | null =>
    file.text.trimStart().startsWith('{') && FORMAT_FIELD.test(file.text) ? 'diaryFile' : null,
  /** The one file's diary, checked against the schema every import goes through. */
  readDiary(files: ImportFile[]): DiaryExport {
    if (files.length > 1) {
      throw new ImportFileError('severalDiaryFiles', null, null, files.map((file) => file.name).join(', '));
    }
    const [file] = files as [ImportFile];
    let json: unknown;
    try {
      json = JSON.parse(file.text);
    } catch (error) {
      throw new ImportFileError('badJson', file.name, null, error instanceof Error ? error.message : null);
    }
    const parsed = diaryExportSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new ImportFileError(
        'badJson',
        file.name,
        null,
        `${issue.path.join('.')}: ${issue.message}`,
        importIssueOf(issue, json),
      );
    }
    return parsed.data;
  },
};
