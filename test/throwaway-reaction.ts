// A reaction that exists only in tests: it subscribes to load events the way any
// new module would (from outside modules/loads, through ctx.events alone), so a
// test can show that a new capability needs no change in the code that changes loads.
import type { AppContext } from "../src/server/context";
import type { DomainEvent, EventType } from "../src/contract/events";
import { AppError } from "../src/server/lib/app-error";

export interface ThrowawayReaction {
  /** what the after-commit reaction handled, in the order it handled it */
  seen: DomainEvent[];
  /** how many times the in-transaction reaction ran */
  inTransaction: number;
  /** the next after-commit run fails (once): the runners must retry it */
  failNext(): void;
  /** the in-transaction reaction refuses the next accept of this load (a veto) */
  vetoAcceptOf(loadId: string | null): void;
}

export function registerThrowawayReaction(ctx: AppContext, name = "throwaway", types: EventType[] = ["load.accepted", "load.approved"]): ThrowawayReaction {
  const state = { seen: [] as DomainEvent[], inTransaction: 0, fail: false, veto: null as string | null };
  ctx.events.afterCommit({
    name,
    types,
    async handle(events) {
      if (state.fail) {
        state.fail = false;
        throw new Error("the throwaway reaction fails once");
      }
      state.seen.push(...events);
    },
  });
  ctx.events.inTransaction({
    name: `${name}-in-transaction`,
    order: 50,
    types: ["load.accepted"],
    async handle(event) {
      state.inTransaction++;
      if (event.loadId === state.veto) throw new AppError(409, "Refused by the throwaway reaction");
    },
  });
  return {
    get seen() {
      return state.seen;
    },
    get inTransaction() {
      return state.inTransaction;
    },
    failNext: () => {
      state.fail = true;
    },
    vetoAcceptOf: (loadId) => {
      state.veto = loadId;
    },
  };
}
