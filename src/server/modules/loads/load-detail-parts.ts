// Fields other modules add to one load's details (GET /api/loads/{id}). The loads
// module knows none of them: a module whose records hang off a load (the stops of
// a booked load) registers a part from its routes' registration, and the route
// asks each part for its field. A part that has nothing for this viewer answers
// undefined and the field is left out, so who sees it stays the part's rule.
import type { DbOrTx } from "../../db/client";
import type { UserRow } from "../../db/schema";
import type { Load } from "../../../contract/schemas/load";

export interface LoadDetailQuery {
  db: DbOrTx;
  viewer: UserRow;
  /** the load as this viewer already may see it */
  load: Load;
  now: Date;
}

export interface LoadDetailPart {
  /** the field it adds; one part a field, and never one of the load's own */
  field: string;
  read(query: LoadDetailQuery): Promise<unknown>;
}

export interface LoadDetailParts {
  register(part: LoadDetailPart): void;
  /** The load with every part's field that has something for this viewer. */
  extend(query: LoadDetailQuery): Promise<Load & Record<string, unknown>>;
}

export function createLoadDetailParts(): LoadDetailParts {
  const parts: LoadDetailPart[] = [];
  return {
    register(part) {
      if (parts.some((p) => p.field === part.field)) throw new Error(`load detail part "${part.field}" is registered twice`);
      parts.push(part);
    },
    async extend(query) {
      const out: Load & Record<string, unknown> = { ...query.load };
      for (const part of parts) {
        // a part never overwrites what the loads module says
        if (part.field in query.load) continue;
        const value = await part.read(query);
        if (value !== undefined) out[part.field] = value;
      }
      return out;
    },
  };
}

declare module "../../context" {
  interface AppContext {
    /** fields other modules add to a load's details (modules/loads/load-detail-parts.ts) */
    loadDetailParts: LoadDetailParts;
  }
}
