import { strFromU8, unzipSync } from 'fflate';
import { dateSpan } from '@/lib/diary/dates';
import { LIMITS } from '@/lib/limits';
import type { DiaryExport } from '@/lib/schemas/export';
import { buildForeignImport } from './build';
import { READERS } from './formats';
import {
  ImportFileError,
  type ImportFile,
  type ImportOptions,
  type ImportReport,
  type ReadFiles,
  type Skip,
  type SourceFileKind,
} from './types';

/** A file as picked: its name and bytes. */
export type PickedFile = { name: string; bytes: Uint8Array };

const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
// Folders, macOS resource forks and hidden files in a ZIP are not part of an export.
const isJunk = (path: string) => path.endsWith('/') || /(^|\/)(__MACOSX|\.)/.test(path);
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** UTF-8 text of a file, without a byte order mark. */
function decode(bytes: Uint8Array): string {
  return strFromU8(bytes).replace(/^\uFEFF/, '');
}

/**
 * The files picked, with every ZIP replaced by the files inside it. The sizes count before
 * anything is inflated (a ZIP states each file's size), so a ZIP that would unpack past the
 * limit is refused without unpacking it.
 */
export function expandFiles(picked: PickedFile[]): ImportFile[] {
  const files: ImportFile[] = [];
  let total = 0;
  const count = (bytes: number, name: string) => {
    total += bytes;
    if (total > LIMITS.importBytes.max) throw new ImportFileError('tooLarge', name);
  };
  for (const file of picked) {
    if (!isZip(file.bytes)) {
      count(file.bytes.length, file.name);
      files.push({ name: file.name, text: decode(file.bytes) });
      continue;
    }
    let contents: Record<string, Uint8Array>;
    try {
      contents = unzipSync(file.bytes, {
        filter: (entry) => {
          if (isJunk(entry.name)) return false;
          count(entry.originalSize, file.name);
          return true;
        },
      });
    } catch (error) {
      if (error instanceof ImportFileError) throw error;
      throw new ImportFileError('badZip', file.name, null, error instanceof Error ? error.message : null);
    }
    for (const [path, bytes] of Object.entries(contents))
      files.push({ name: baseName(path), text: decode(bytes) });
  }
  return files;
}

/**
 * Reads an export: finds whose it is (the diary's own file or another app's), reads it with that
 * reader and gives the diary's foods and days. Files no reader claims are listed as not used;
 * files of two apps at once, or of none, are refused.
 */
export function readExportFiles(picked: PickedFile[], options: ImportOptions): ReadFiles {
  const files = expandFiles(picked);
  const claimed = new Map<(typeof READERS)[number], ImportFile[]>();
  const unclaimed: ImportFile[] = [];
  const recognised: ImportReport['recognised'] = [];
  for (const file of files) {
    let kind: SourceFileKind | null = null;
    const reader = READERS.find((candidate) => (kind = candidate.kindOf(file)) !== null);
    recognised.push({ file: file.name, kind });
    if (reader) claimed.set(reader, [...(claimed.get(reader) ?? []), file]);
    else unclaimed.push(file);
  }
  if (claimed.size === 0) throw new ImportFileError('unknownFormat', files[0]?.name ?? null);
  if (claimed.size > 1) {
    const [first, second] = [...claimed.values()].map((group) => group[0]!.name);
    throw new ImportFileError('mixedApps', null, null, `${first}, ${second}`);
  }
  const [[reader, own]] = [...claimed.entries()] as [[(typeof READERS)[number], ImportFile[]]];
  const notUsed = unclaimed.map((file) => ({ reason: 'fileNotUsed' as const, file: file.name, line: null }));
  if ('readDiary' in reader) return diaryFileRead(reader.readDiary(own), files, recognised, notUsed);
  const records = reader.read(own, options);
  records.skipped.push(...notUsed);
  return buildForeignImport({ ...records, files, recognised }, options);
}

/** The diary's own file as read, with the preview's report of what it holds. */
function diaryFileRead(
  data: DiaryExport,
  files: ImportFile[],
  recognised: ImportReport['recognised'],
  skipped: Skip[],
): ReadFiles {
  const span = dateSpan(data.days.map((day) => day.date));
  return {
    foods: data.foods,
    days: data.days,
    diary: data,
    report: {
      app: 'calorieDiary',
      files: files.map((file) => file.name),
      recognised,
      days: data.days.length,
      entries: data.days.reduce((sum, day) => sum + day.entries.length, 0),
      foods: data.foods.length,
      weights: data.days.filter((day) => day.weight !== null).length,
      from: span?.from ?? null,
      to: span?.to ?? null,
      withoutGrams: 0,
      totals: 0,
      mealsAsSnacks: [],
      weightUnitNeeded: false,
      skipped,
    },
  };
}
