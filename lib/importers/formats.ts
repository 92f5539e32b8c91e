import type { SourceRecords } from './build';
import { cronometerReader } from './cronometer';
import { myFitnessPalReader } from './myfitnesspal';
import { openNutriTrackerReader } from './open-nutri-tracker';
import { waistlineReader } from './waistline';
import type { ImportFile, ImportOptions, SourceApp } from './types';

/** One app's export reader. */
export type FormatReader = {
  app: SourceApp;
  /**
   * True for a file of this app's export, by its name and first line: the ones read and the
   * ones the diary has no place for (exercise, notes), which `read` lists as not used.
   */
  recognises(file: ImportFile): boolean;
  /** Reads the files `recognises` claimed; throws ImportFileError for a file it cannot read. */
  read(files: ImportFile[], options: ImportOptions): SourceRecords;
};

/** The readers, in the order files are offered to them. */
export const READERS: readonly FormatReader[] = [
  myFitnessPalReader,
  cronometerReader,
  waistlineReader,
  openNutriTrackerReader,
];
