import 'server-only';
import { eq } from 'drizzle-orm';
import type { BaseUpdatedAt } from '@/lib/schemas/api';
import type { Settings, SettingsPatch } from '@/lib/schemas/settings';
import { conflict, unauthorized } from '@/lib/server/http';
import type { Database } from './client';
import { settings, users } from './schema';
import { isStale } from './stale';
import { orderedTargets } from '@/lib/diary/nutrient-targets';
import { orderedWeekdayGoals } from '@/lib/diary/goal-in-force';

type SettingsRow = typeof settings.$inferSelect;

export function toSettings(row: SettingsRow, email: string): Settings {
  return {
    name: row.name,
    email,
    language: row.language as Settings['language'],
    currentGoal: row.currentGoal,
    weight: row.weight,
    height: row.height,
    age: row.age,
    gender: row.gender as Settings['gender'],
    theme: row.theme as Settings['theme'],
    activity: row.activity as Settings['activity'],
    bottomNav: row.bottomNav,
    unitSystem: row.unitSystem as Settings['unitSystem'],
    energyUnit: row.energyUnit as Settings['energyUnit'],
    nutrientTargets: orderedTargets(row.nutrientTargets),
    macroTargets: row.macroTargets ?? null,
    weekdayGoals: orderedWeekdayGoals(row.weekdayGoals),
    waterGlass: row.waterGlass,
    waterGoal: row.waterGoal,
    stepsGoal: row.stepsGoal,
    stepsInBudget: row.stepsInBudget,
    activityShare: row.activityShare,
    calmMode: row.calmMode,
    meals: row.meals ?? null,
    lastExportAt: row.lastExportAt?.toISOString() ?? null,
    savedAt: row.savedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The columns of checked settings; fields left undefined are not written (drizzle skips them).
 * The email is not among them: it is the account's and lives in `users`.
 */
export function settingsColumns(patch: SettingsPatch) {
  return {
    name: patch.name,
    language: patch.language,
    currentGoal: patch.currentGoal,
    weight: patch.weight,
    height: patch.height,
    age: patch.age,
    gender: patch.gender,
    theme: patch.theme,
    activity: patch.activity,
    bottomNav: patch.bottomNav,
    unitSystem: patch.unitSystem,
    energyUnit: patch.energyUnit,
    nutrientTargets: patch.nutrientTargets,
    macroTargets: patch.macroTargets,
    weekdayGoals: patch.weekdayGoals,
    waterGlass: patch.waterGlass,
    waterGoal: patch.waterGoal,
    stepsGoal: patch.stepsGoal,
    stepsInBudget: patch.stepsInBudget,
    activityShare: patch.activityShare,
    calmMode: patch.calmMode,
    meals: patch.meals,
    lastExportAt: typeof patch.lastExportAt === 'string' ? new Date(patch.lastExportAt) : patch.lastExportAt,
  };
}

async function readForUpdate(db: Database, userId: string): Promise<Settings> {
  const [row] = await db
    .select({ settings, email: users.email })
    .from(settings)
    .innerJoin(users, eq(users.id, settings.userId))
    .where(eq(settings.userId, userId))
    .for('update', { of: settings });
  // Every account has its settings row from its first transaction to its deletion: a user id
  // without one is of an account deleted since its session was checked (a 401, as just after).
  if (!row) throw unauthorized();
  return toSettings(row.settings, row.email);
}

export async function getSettings(db: Database, userId: string): Promise<Settings> {
  const [row] = await db
    .select({ settings, email: users.email })
    .from(settings)
    .innerJoin(users, eq(users.id, settings.userId))
    .where(eq(settings.userId, userId));
  if (!row) throw unauthorized(); // the account was deleted meanwhile, as above
  return toSettings(row.settings, row.email);
}

/**
 * Applies the fields present in `patch`. The email is ignored: settings show the account's
 * email, which this endpoint does not change.
 */
export async function updateSettings(
  db: Database,
  userId: string,
  patch: SettingsPatch,
  base: BaseUpdatedAt,
): Promise<Settings> {
  return db.transaction(async (tx) => {
    const current = await readForUpdate(tx, userId);
    if (isStale(new Date(current.updatedAt), base)) throw conflict(current);
    const now = new Date();
    const [row] = await tx
      .update(settings)
      .set({ ...settingsColumns(patch), savedAt: now, updatedAt: now })
      .where(eq(settings.userId, userId))
      .returning();
    return toSettings(row!, current.email!);
  });
}
