import type { SourceRecords } from './build';
import { cronometerReader } from './cronometer';
import { myFitnessPalReader } from './myfitnesspal';
import { openNutriTrackerReader } from './open-nutri-tracker';
import { waistlineReader } from './waistline';
import type { ImportFile, ImportOptions, SourceApp, SourceFileKind } from './types';

/** One app's export reader. */
export type FormatReader = {
  app: SourceApp;
  /**
   * What a file of this app's export is, by its header or fields (a renamed file is still
   * recognised), or null when it is not this app's: the ones read and the ones the diary has no
   * place for (exercise, notes), which `read` lists as not used.
   */
  kindOf(file: ImportFile): SourceFileKind | null;
  /** Reads the files `kindOf` claimed; throws ImportFileError for a file it cannot read. */
  read(files: ImportFile[], options: ImportOptions): SourceRecords;
};

/** The readers, in the order files are offered to them. */
export const READERS: readonly FormatReader[] = [
  myFitnessPalReader,
  cronometerReader,
  waistlineReader,
  openNutriTrackerReader,
];
