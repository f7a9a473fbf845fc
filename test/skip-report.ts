// After the run, one line says what was skipped and why, e.g.
//   skipped: 6 PostgreSQL-only cases (TEST_DATABASE_URL is not set)
// A skip without an allowed reason (test/skips.ts: only the PostgreSQL leg, and
// only when TEST_DATABASE_URL is unset) fails the run: on a fresh machine such a
// skip is a test that silently did not run. Cases left out by a filter (`-t`,
// `file:line`, tags) are counted apart and fail nothing.
import type { Reporter, TestModule, TestSpecification, Vitest } from "vitest/node";
import { isAllowedSkip, type SkipReason } from "./skips";

export default class SkipReport implements Reporter {
  private vitest?: Vitest;
  private filtered = false;

  onInit(vitest: Vitest) {
    this.vitest = vitest;
  }

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>) {
    const config = this.vitest?.config;
    this.filtered =
      Boolean(config?.testNamePattern || config?.tagsFilter?.length) ||
      specifications.some((s) => s.testLines?.length || s.testNamePattern || s.testIds?.length || s.testTagsFilter?.length);
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const filtered = this.filtered;
    const groups = new Map<string, { reason: SkipReason; allowed: boolean; count: number }>();
    for (const module of testModules) {
      for (const test of module.children.allTests("skipped")) {
        const result = test.result();
        const note = result.state === "skipped" ? result.note : undefined;
        const reason: SkipReason =
          test.meta().skip ??
          (note
            ? { what: "", why: note }
            : test.options.mode === "todo"
              ? { what: "todo", why: "not written yet" }
              : test.options.mode === "run"
                ? // declared to run, yet did not: its suite's hook failed (that failure fails the run)
                  { what: "not run", why: "a hook of its suite failed" }
                : filtered
                  ? { what: "filtered", why: "left out by a -t, file:line or tags filter" }
                  : { what: "", why: "no reason given" });
        const allowed = isAllowedSkip(reason) || reason.what === "filtered" || reason.what === "not run";
        const key = `${reason.what}\u0000${reason.why}`;
        const group = groups.get(key) ?? { reason, allowed, count: 0 };
        group.count += 1;
        groups.set(key, group);
      }
    }
    const all = [...groups.values()];
    const describe = ({ reason, count }: { reason: SkipReason; count: number }) =>
      `${count} ${reason.what ? `${reason.what} ` : ""}case${count === 1 ? "" : "s"} (${reason.why})`;
    const line = all.length === 0 ? "skipped: none" : `skipped: ${all.map(describe).join("; ")}`;
    const log = (text: string) => (this.vitest ? this.vitest.logger.log(text) : console.log(text));
    log(line);
    const wrong = all.filter((g) => !g.allowed);
    if (wrong.length > 0) {
      log(
        `skip report: FAIL: ${wrong.map(describe).join("; ")} must run on a fresh machine; ` +
          "only PostgreSQL-only cases may skip, when TEST_DATABASE_URL is unset (test/skips.ts)",
      );
      process.exitCode = 1;
    }
  }
}
