import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { foodInputSchema, type Food, type FoodInput } from '@/lib/schemas/food';
import type { BaseUpdatedAt } from '@/lib/schemas/api';
import { conflict, notFound } from '@/lib/server/http';
import { knownNutrients, withKnown } from '@/lib/diary/nutrients';
import type { Database } from './client';
import { foods } from './schema';
import { isStale } from './stale';

type FoodRow = typeof foods.$inferSelect;

export function toFood(row: FoodRow): Food {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    kcal: row.kcal,
    protein: row.protein,
    fat: row.fat,
    carbs: row.carbs,
    serving:
      row.servingLabel !== null && row.servingGrams !== null
        ? { label: row.servingLabel, grams: row.servingGrams }
        : null,
    measures: row.measures,
    ...withKnown(row.nutrients),
    favorite: row.favorite,
    recipe: row.recipe ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns of a checked food input. */
export function foodColumns(food: Omit<Food, 'id' | 'createdAt' | 'updatedAt'>) {
  return {
    name: food.name,
    brand: food.brand,
    kcal: food.kcal,
    protein: food.protein,
    fat: food.fat,
    carbs: food.carbs,
    servingLabel: food.serving?.label ?? null,
    servingGrams: food.serving?.grams ?? null,
    measures: food.measures,
    nutrients: knownNutrients(food.nutrients) ?? null,
    favorite: food.favorite,
    recipe: food.recipe,
  };
}

const ownFood = (userId: string, id: number) => and(eq(foods.userId, userId), eq(foods.id, id));

export async function listFoods(db: Database, userId: string): Promise<Food[]> {
  const rows = await db.select().from(foods).where(eq(foods.userId, userId)).orderBy(asc(foods.id));
  return rows.map(toFood);
}

export async function createFood(db: Database, userId: string, input: FoodInput): Promise<Food> {
  const fields = foodInputSchema.parse(input);
  const now = new Date();
  const [row] = await db
    .insert(foods)
    .values({ userId, ...foodColumns(fields), createdAt: now, updatedAt: now })
    .returning();
  return toFood(row!);
}

/**
 * Merges `changes` (any food input fields) onto the stored food and checks the result whole,
 * so a partial update cannot break a rule that spans fields (protein + fat + carbs <= 100 g).
 */
export async function updateFood(
  db: Database,
  userId: string,
  id: number,
  changes: Partial<FoodInput>,
  base: BaseUpdatedAt,
): Promise<Food> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(foods).where(ownFood(userId, id)).for('update');
    if (!row) throw notFound();
    const stored = toFood(row);
    if (isStale(row.updatedAt, base)) throw conflict(stored);
    // The input schema drops the stored id and timestamps.
    const fields = foodInputSchema.parse({ ...stored, ...changes });
    const [updated] = await tx
      .update(foods)
      .set({ ...foodColumns(fields), updatedAt: new Date() })
      .where(ownFood(userId, id))
      .returning();
    return toFood(updated!);
  });
}

export async function deleteFood(
  db: Database,
  userId: string,
  id: number,
  base: BaseUpdatedAt,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(foods).where(ownFood(userId, id)).for('update');
    if (!row) throw notFound();
    if (isStale(row.updatedAt, base)) throw conflict(toFood(row));
    await tx.delete(foods).where(ownFood(userId, id));
  });
}
