// Work tied to the end of a transaction. Before commit: what must be written last,
// inside it (the event log takes its numbers at the very end, so the lock on its
// counter is always the last one a transaction takes and two writers never wait on
// each other in opposite orders). After commit: what must happen only once the
// change is durable (the reactions of the events it published). Both run only for a
// transaction that commits; a rollback drops them with everything else.
import type { Db, Tx } from "./client";

type Hook = () => Promise<void>;
interface Hooks {
  beforeCommit: Hook[];
  afterCommit: Hook[];
  /** the database the transaction was opened on (for work after it has ended) */
  root: Db;
}

const HOOKS = new WeakMap<object, Hooks>();
const INSTALLED = Symbol("transaction hooks installed");

/** Wrap `db.transaction` once so that every transaction opened through it carries hooks. */
export function installTransactionHooks(db: Db): void {
  const marked = db as Db & { [INSTALLED]?: true };
  if (marked[INSTALLED]) return;
  marked[INSTALLED] = true;
  const original = db.transaction.bind(db);
  db.transaction = (async (work: (tx: Tx) => Promise<unknown>, config?: unknown) => {
    const hooks: Hooks = { beforeCommit: [], afterCommit: [], root: db };
    const result = await (original as (w: (tx: Tx) => Promise<unknown>, c?: unknown) => Promise<unknown>)(async (tx) => {
      HOOKS.set(tx, hooks);
      const value = await work(tx);
      // a hook may add another (a flush that queues reactions): run until none is left
      while (hooks.beforeCommit.length) await hooks.beforeCommit.shift()!();
      return value;
    }, config);
    for (const hook of hooks.afterCommit) await hook();
    return result;
  }) as typeof db.transaction;
}

function hooksOf(tx: Tx): Hooks {
  const hooks = HOOKS.get(tx);
  // a transaction of a database nobody installed the hooks on would lose what it publishes: say so at once
  if (!hooks) throw new Error("this transaction was not opened on a database with transaction hooks (installTransactionHooks)");
  return hooks;
}

/** Run `hook` inside `tx`, after the transaction's own work and before it commits. */
export function beforeCommit(tx: Tx, hook: Hook): void {
  hooksOf(tx).beforeCommit.push(hook);
}

/** Run `hook` once `tx` has committed (never for a rollback). The caller of the transaction waits for it. */
export function afterCommit(tx: Tx, hook: Hook): void {
  hooksOf(tx).afterCommit.push(hook);
}

/**
 * Run `hook` once the work done through `db` is durable, on the database itself
 * (never inside the transaction): after the commit of a transaction with hooks, or
 * at once for a statement outside any (it committed by itself). For notices
 * (NOTIFY), so a writing transaction never takes PostgreSQL's notify lock.
 */
export function whenCommitted(db: object, hook: (root: Db) => Promise<void>): Promise<void> {
  const hooks = HOOKS.get(db);
  if (!hooks) return hook(db as Db);
  hooks.afterCommit.push(() => hook(hooks.root));
  return Promise.resolve();
}
