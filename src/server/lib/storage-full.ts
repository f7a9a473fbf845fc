// One answer for "there is no room to write": a full upload store and a full
// database disk both answer 507 with the same words, and a Retry-After long
// enough for an operator to free space (it will not clear in seconds).
import { AppError } from "./app-error";

export const STORAGE_FULL_MSG = "Storage is full — please try again later";
/** seconds: space is freed by an operator, not by waiting a moment */
export const STORAGE_FULL_RETRY_AFTER_S = 300;

export function storageFull(): AppError {
  return new AppError(507, STORAGE_FULL_MSG).withHeaders({ "Retry-After": String(STORAGE_FULL_RETRY_AFTER_S) });
}
