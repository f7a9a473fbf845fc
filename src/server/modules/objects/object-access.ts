// Who may open a stored file. The objects module keeps the files and knows none
// of the records that name them: each module whose records do (a load's POD
// paperwork, a company's documents) registers a rule from its routes'
// registration, and GET /objects/{key} asks the rules in turn.
import type { DbOrTx } from "../../db/client";
import type { UserRow } from "../../db/schema";

/** A rule's answer for a file that its module's records name. */
export interface FileAccess {
  /** may the viewer open it? (no: 404, as for a file that does not exist) */
  allowed: boolean;
  /** the download's name, without the extension (the file's type adds it) */
  filename: string;
}

export interface FileAccessQuery {
  db: DbOrTx;
  /** the signed-in user asking to open the file */
  viewer: UserRow;
  /** the file as records name it: `/objects/<key>` */
  objectPath: string;
}

export interface ObjectAccessRule {
  /** whose files the rule covers ("load paperwork", "company documents"): one rule a name */
  name: string;
  /** null when none of this module's records names the file */
  mayOpen(query: FileAccessQuery): Promise<FileAccess | null>;
}

export interface ObjectAccessRegistry {
  register(rule: ObjectAccessRule): void;
  /** The answer of the first rule, in order of registration, whose records name the file; null when none does. */
  mayOpen(query: FileAccessQuery): Promise<FileAccess | null>;
}

export function createObjectAccessRegistry(): ObjectAccessRegistry {
  const rules: ObjectAccessRule[] = [];
  return {
    register(rule) {
      // one app, one registration per rule (a second buildApp has its own registry)
      if (rules.some((r) => r.name === rule.name)) throw new Error(`object access rule "${rule.name}" is registered twice`);
      rules.push(rule);
    },
    async mayOpen(query) {
      for (const rule of rules) {
        const access = await rule.mayOpen(query);
        if (access) return access;
      }
      return null;
    },
  };
}

declare module "../../context" {
  interface AppContext {
    /** who may open a stored file: each module that names files registers its rule (modules/objects) */
    objectAccess: ObjectAccessRegistry;
  }
}
