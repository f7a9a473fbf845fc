// Every CSV export as one entry: its query, its columns and its rows
// (export-definition.ts). The route, the CSV rules and the streaming are shared;
// each module registers the exports of its own lists (this module: loads, bids,
// invoices; the users module: users and carriers), so exports imports none of them
// above its layer. Adding an export is one registration and its name in
// contract/schemas/export.ts.
import type { AppContext } from "../../context";
import type { ExportKind } from "../../../contract/schemas/export";
import type { ExportDefinition } from "./export-definition";
import { bidsExport, loadsExport } from "./load-exports";
import { invoicesExport } from "./invoice-exports";

export { EXPORT_BATCH_ROWS, type ExportDefinition, type ParsedQuery } from "./export-definition";

export interface ExportRegistry {
  register(kind: ExportKind, definition: ExportDefinition<any, any>): void;
  get(kind: ExportKind): ExportDefinition<any, any>;
}

declare module "../../context" {
  interface AppContext {
    /** the CSV exports, each registered by the module whose list it is (modules/exports) */
    exports: ExportRegistry;
  }
}

export function createExportRegistry(): ExportRegistry {
  const kinds = new Map<ExportKind, ExportDefinition<any, any>>();
  return {
    register(kind, definition) {
      // the same definition again (its routes mounted on a second server of this app) changes nothing
      if (kinds.get(kind) === definition) return;
      if (kinds.has(kind)) throw new Error(`export "${kind}" is registered twice`);
      kinds.set(kind, definition);
    },
    get(kind) {
      const definition = kinds.get(kind);
      if (!definition) throw new Error(`no export "${kind}" is registered`);
      return definition;
    },
  };
}

/** The exports of the lists this module reads itself. */
export function registerOwnExports(ctx: AppContext): void {
  ctx.exports.register("loads", loadsExport);
  ctx.exports.register("bids", bidsExport);
  ctx.exports.register("invoices", invoicesExport);
}
