import type { DiaryExport } from '@/lib/schemas/export';
import type { SourceRecords } from './build';
import type { RecipeApp } from '@/lib/schemas/food';
import type { ImportFile, ImportOptions, SourceApp, SourceFileKind } from './types';

// What a reader of an app's export is, in a file of its own: each reader names its type, and
// formats.ts lists the readers, so neither imports the other both ways.

/** Another app's export reader: it finds records, which the builder turns into the diary's days. */
export type FormatReader = {
  app: Exclude<SourceApp, 'calorieDiary' | RecipeApp>;
  /**
   * What a file of this app's export is, by its header or fields (a renamed file is still
   * recognised), or null when it is not this app's: the ones read and the ones the diary has no
   * place for (exercise, notes), which `read` lists as not used.
   */
  kindOf(file: ImportFile): SourceFileKind | null;
  /** Reads the files `kindOf` claimed; throws ImportFileError for a file it cannot read. */
  read(files: ImportFile[], options: ImportOptions): SourceRecords;
};

/** The diary's own file's reader: the file is already the diary's days, read as written. */
export type DiaryReader = {
  app: 'calorieDiary';
  kindOf: FormatReader['kindOf'];
  readDiary(files: ImportFile[]): DiaryExport;
};
