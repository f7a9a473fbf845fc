// The disk floor (nobody fills the disk): while the
// local store's file system has less free space than UPLOAD_MIN_FREE_MB, new
// uploads are refused with 503 and Retry-After (a ticket, a file's PUT, a chunk),
// and GET /api/health says so (still 200: the database answers). The free space
// is asked of the file system (statfs on $DATA_DIR/objects, the blocks an
// unprivileged process may use) at most once every DISK_CHECK_EVERY_MS per app,
// never on every request. With S3 there is no local disk to guard: no floor.
import { statfs } from "node:fs/promises";
import { join } from "node:path";
import type { Config } from "../../config";
import { AppError } from "../../lib/app-error";

/** how long a statfs answer is trusted */
export const DISK_CHECK_EVERY_MS = 2_000;
/** what a refused upload is told to wait */
export const LOW_DISK_RETRY_AFTER_S = 60;
export const LOW_DISK_MSG = "Uploads are paused because the server is low on disk space. Please try again later.";
/** GET /api/health's `uploads` field while uploads are refused */
export const LOW_DISK_HEALTH = "refused: free disk space is below the floor (UPLOAD_MIN_FREE_MB)";

export interface DiskFloor {
  /** true while new uploads are refused for low disk space */
  refusing(): Promise<boolean>;
  /** 503 with Retry-After while uploads are refused */
  assertRoom(): Promise<void>;
}

/** Free bytes for an unprivileged process on the file system holding `dir`. */
export async function freeBytes(dir: string): Promise<number> {
  const s = await statfs(dir);
  return Number(s.bavail) * Number(s.bsize);
}

export function createDiskFloor(opts: { dir: string | null; minFreeBytes: number; free?: (dir: string) => Promise<number> }): DiskFloor {
  const free = opts.free ?? freeBytes;
  let checked: { at: number; refusing: boolean } | null = null;
  let pending: Promise<boolean> | null = null;

  const ask = async (dir: string): Promise<boolean> => {
    try {
      return (await free(dir)) < opts.minFreeBytes;
    } catch {
      // the file system cannot tell (directory gone, statfs unsupported): let the
      // upload try; a write that fails is answered by storage-faults.ts
      return false;
    }
  };

  const refusing = async (): Promise<boolean> => {
    const dir = opts.dir;
    if (!dir || opts.minFreeBytes <= 0) return false;
    if (checked && Date.now() - checked.at < DISK_CHECK_EVERY_MS) return checked.refusing;
    // one statfs at a time, whoever asks meanwhile gets its answer
    pending ??= ask(dir).then((r) => {
      checked = { at: Date.now(), refusing: r };
      pending = null;
      return r;
    });
    return pending;
  };

  return {
    refusing,
    async assertRoom() {
      if (await refusing()) throw new AppError(503, LOW_DISK_MSG).withHeaders({ "Retry-After": String(LOW_DISK_RETRY_AFTER_S) });
    },
  };
}

const appFloors = new WeakMap<object, DiskFloor>();

/** The app's one disk floor (its statfs cache shared by every upload route and /api/health). */
export function diskFloorOf(ctx: { config: Pick<Config, "dataDir" | "s3" | "uploadMinFreeBytes"> }): DiskFloor {
  let floor = appFloors.get(ctx);
  if (!floor) {
    floor = createDiskFloor({ dir: ctx.config.s3 ? null : join(ctx.config.dataDir, "objects"), minFreeBytes: ctx.config.uploadMinFreeBytes });
    appFloors.set(ctx, floor);
  }
  return floor;
}
