// Saved searches: a user's own, at
// most 20; another user's id is not found (404), never refused (403), so ids
// say nothing about who else has searches. Lane alerts live beside this file:
// lane-alerts.ts (instant) and lane-digest.ts (daily).
import type { Config } from "../../config";
import type { Db, DbOrTx } from "../../db/client";
import type { SavedSearchRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { iso } from "../../lib/serialize";
import { MSG } from "../../../contract/messages";
import {
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_MSG,
  savedFiltersToQuery,
  type LaneAlert,
  type SavedSearch,
  type SavedSearchFilters,
} from "../../../contract/schemas/saved-search";
import { loadFiltersCondition } from "../loads/loads.service";
import {
  countSavedSearches,
  deleteOwnSavedSearch,
  insertSavedSearch,
  listSavedSearchRows,
  lockUser,
  updateOwnSavedSearch,
} from "./saved-searches.repository";

export { queueLaneAlert, LANE_ALERT_JOB } from "./lane-alert-queue";

export function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    filters: (row.filters ?? {}) as SavedSearchFilters,
    alert: row.alert as LaneAlert,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}

/** The filters as the board would run them: 400 for an unknown postcode (the table decides), as GET /api/loads says. */
async function assertRunnable(filters: SavedSearchFilters, config: Pick<Config, "postcodeData">, now: Date): Promise<void> {
  await loadFiltersCondition({ query: savedFiltersToQuery(filters), now, config });
}

export async function listSavedSearches(opts: { db: DbOrTx; userId: string; page: { limit: number; offset: number } }) {
  const [rows, total] = await Promise.all([listSavedSearchRows(opts.db, opts.userId, opts.page), countSavedSearches(opts.db, opts.userId)]);
  return { items: rows.map(toSavedSearch), total };
}

export async function createSavedSearch(opts: {
  db: Db;
  config: Pick<Config, "postcodeData">;
  userId: string;
  input: { name: string; filters: SavedSearchFilters; alert: LaneAlert };
  now: Date;
}): Promise<SavedSearch> {
  const { db, userId, input, now } = opts;
  await assertRunnable(input.filters, opts.config, now);
  const row = await db.transaction(async (tx) => {
    // two saves at once count one after the other: never a 21st
    if (!(await lockUser(tx, userId))) throw new AppError(404, MSG.notFound);
    if ((await countSavedSearches(tx, userId)) >= MAX_SAVED_SEARCHES) throw new AppError(409, SAVED_SEARCH_MSG.tooMany);
    return insertSavedSearch(tx, { userId, name: input.name, filters: input.filters, alert: input.alert, createdAt: now, updatedAt: now });
  });
  return toSavedSearch(row);
}

export async function updateSavedSearch(opts: {
  db: DbOrTx;
  config: Pick<Config, "postcodeData">;
  userId: string;
  id: string;
  input: { name?: string; filters?: SavedSearchFilters; alert?: LaneAlert };
  now: Date;
}): Promise<SavedSearch> {
  const { input, now } = opts;
  if (input.filters) await assertRunnable(input.filters, opts.config, now);
  const set: Partial<SavedSearchRow> = { updatedAt: now };
  if (input.name !== undefined) set.name = input.name;
  if (input.filters !== undefined) set.filters = input.filters;
  if (input.alert !== undefined) set.alert = input.alert;
  const row = await updateOwnSavedSearch(opts.db, { id: opts.id, userId: opts.userId, set });
  if (!row) throw new AppError(404, MSG.notFound);
  return toSavedSearch(row);
}

export async function deleteSavedSearch(opts: { db: DbOrTx; userId: string; id: string }): Promise<void> {
  if (!(await deleteOwnSavedSearch(opts.db, opts))) throw new AppError(404, MSG.notFound);
}
