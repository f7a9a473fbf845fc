// Who may open a company document's file (or an applicant's): staff and that
// company's members (documentFileAccess); anyone else gets 404. The objects
// module serves the file and asks this rule (registered in documents.routes.ts).
import type { ObjectAccessRule } from "../objects/objects.service";
import { documentFileAccess } from "./compliance.service";

export const companyDocumentAccess: ObjectAccessRule = {
  name: "company documents",
  mayOpen: ({ db, viewer, objectPath }) => documentFileAccess({ db, objectPath, user: viewer }),
};
