// The worker thread's entry (plain JS, so Node can start it): loads bench/board-worker.ts through tsx.
import { tsImport } from "tsx/esm/api";

await tsImport("./board-worker.ts", import.meta.url);
