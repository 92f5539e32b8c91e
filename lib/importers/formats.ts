import { cronometerReader } from './cronometer';
import { diaryFileReader } from './diary-file';
import { myFitnessPalReader } from './myfitnesspal';
import { openNutriTrackerReader } from './open-nutri-tracker';
import { waistlineReader } from './waistline';
import type { DiaryReader, FormatReader } from './reader-types';
import { mealieReader } from './recipe-apps/mealie';
import { nextcloudCookbookReader } from './recipe-apps/nextcloud-cookbook';
import { paprikaReader } from './recipe-apps/paprika';
import { tandoorReader } from './recipe-apps/tandoor';
import type { RecipeReader } from './recipe-apps/app-recipe';

/** The readers, in the order files are offered to them. */
export const READERS: ReadonlyArray<FormatReader | DiaryReader | RecipeReader> = [
  diaryFileReader,
  myFitnessPalReader,
  cronometerReader,
  waistlineReader,
  openNutriTrackerReader,
  mealieReader,
  tandoorReader,
  paprikaReader,
  // Last: any schema.org Recipe file is read as Nextcloud Cookbook's are.
  nextcloudCookbookReader,
];
