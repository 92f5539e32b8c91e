import { cronometerReader } from './cronometer';
import { diaryFileReader } from './diary-file';
import { myFitnessPalReader } from './myfitnesspal';
import { openNutriTrackerReader } from './open-nutri-tracker';
import { waistlineReader } from './waistline';
import type { DiaryReader, FormatReader } from './reader-types';

/** The readers, in the order files are offered to them. */
export const READERS: ReadonlyArray<FormatReader | DiaryReader> = [
  diaryFileReader,
  myFitnessPalReader,
  cronometerReader,
  waistlineReader,
  openNutriTrackerReader,
];
