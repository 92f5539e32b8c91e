import { Gunzip, strFromU8, unzipSync } from 'fflate';
import { LIMITS } from '@/lib/limits';
import { ImportFileError, type ImportFile } from './types';

/*
 * The files picked, as the readers see them: text files. A ZIP is replaced by the files inside
 * it, a ZIP inside a ZIP too (Tandoor exports each recipe as a ZIP of its own), and a gzip file
 * by its content (each recipe of a Paprika `.paprikarecipes` is one). Every byte unpacked counts
 * against one limit, stated before anything is inflated where the format states it and counted
 * as it is inflated where it does not, so a ZIP bomb is refused without unpacking it.
 */

/** A file as picked: its name and bytes. */
export type PickedFile = { name: string; bytes: Uint8Array };

const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
const isGzip = (bytes: Uint8Array) => bytes[0] === 0x1f && bytes[1] === 0x8b;
// Folders, macOS resource forks and hidden files in a ZIP are not part of an export.
const isJunk = (path: string) => path.endsWith('/') || /(^|\/)(__MACOSX|\.)/.test(path);
// A recipe app's export carries its pictures beside the recipes; the diary keeps none of them.
const isPicture = (path: string) => /\.(jpe?g|png|webp|gif|heic|avif|bmp|tiff?)$/i.test(path);
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
// How deep ZIPs may nest: an export holds ZIPs of files, never ZIPs of ZIPs of ZIPs.
const MAX_ZIP_DEPTH = 2;

/**
 * A name in a ZIP as written: ZIPs made on macOS write UTF-8 names without the flag that says so,
 * which fflate then reads as Latin-1 ("HaÌhnchen"); such a name is read again as UTF-8 where its
 * bytes are UTF-8, and composed ("Hähnchen").
 */
function zipName(name: string): string {
  if (!/[\u0080-\u00ff]/.test(name) || /[^\u0000-\u00ff]/.test(name)) return name.normalize('NFC');
  try {
    const bytes = Uint8Array.from(name, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).normalize('NFC');
  } catch {
    return name;
  }
}

/** UTF-8 text of a file, without a byte order mark. */
function decode(bytes: Uint8Array): string {
  return strFromU8(bytes).replace(/^\uFEFF/, '');
}

/** The bytes unpacked so far, against the import's limit; past it the import is refused. */
class Budget {
  private used = 0;
  take(bytes: number, name: string): void {
    this.used += bytes;
    if (this.used > LIMITS.importBytes.max) throw new ImportFileError('tooLarge', name);
  }
}

/**
 * The picked files as text files. Inside a ZIP a file keeps only its name, unless another file
 * has the same name (each recipe of a Nextcloud Cookbook folder is a `recipe.json`): then its
 * path tells them apart.
 */
export function expandFiles(picked: PickedFile[]): ImportFile[] {
  const budget = new Budget();
  const found: Array<{ path: string; text: string }> = [];
  for (const file of picked) unpack(file.name, file.bytes, 0, budget, found);
  const names = new Map<string, number>();
  for (const { path } of found) names.set(baseName(path), (names.get(baseName(path)) ?? 0) + 1);
  return found.map(({ path, text }) => ({
    name: names.get(baseName(path))! > 1 ? path : baseName(path),
    text,
  }));
}

function unpack(
  path: string,
  bytes: Uint8Array,
  depth: number,
  budget: Budget,
  found: Array<{ path: string; text: string }>,
): void {
  if (isZip(bytes) && depth < MAX_ZIP_DEPTH) {
    for (const [inner, content] of Object.entries(unzip(path, bytes, budget)))
      unpack(depth === 0 ? zipName(inner) : `${path}/${zipName(inner)}`, content, depth + 1, budget, found);
    return;
  }
  if (depth === 0) budget.take(bytes.length, path);
  found.push({ path, text: decode(isGzip(bytes) ? gunzip(path, bytes, budget) : bytes) });
}

/** A ZIP's files but its junk and pictures, each counted at the size the ZIP states for it. */
function unzip(name: string, bytes: Uint8Array, budget: Budget): Record<string, Uint8Array> {
  try {
    return unzipSync(bytes, {
      filter: (entry) => {
        if (isJunk(entry.name) || isPicture(entry.name)) return false;
        budget.take(entry.originalSize, name);
        return true;
      },
    });
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError('badZip', name, null, error instanceof Error ? error.message : null);
  }
}

/**
 * A gzip file's content, counted as it inflates: the size a gzip file states of itself is only
 * its last four bytes, which a hostile file sets to anything.
 */
function gunzip(name: string, bytes: Uint8Array, budget: Budget): Uint8Array {
  const parts: Uint8Array[] = [];
  let length = 0;
  const stream = new Gunzip((chunk) => {
    budget.take(chunk.length, name);
    parts.push(chunk);
    length += chunk.length;
  });
  try {
    stream.push(bytes, true);
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError('badZip', name, null, error instanceof Error ? error.message : null);
  }
  // fflate leaves a cut-short stream unflagged: the size the file states of itself must match.
  const stated =
    bytes.length >= 18
      ? new DataView(bytes.buffer, bytes.byteOffset + bytes.length - 4).getUint32(0, true)
      : -1;
  if (stated !== length % 2 ** 32)
    throw new ImportFileError('badZip', name, null, 'the compressed data is cut short or damaged');
  const whole = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}
