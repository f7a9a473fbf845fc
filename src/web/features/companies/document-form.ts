// The upload dialog's checks (POST /api/companies/{id}/documents): the contract's schema and messages (a FORS
// certificate needs its level), plus the
// two things a form has that the body does not: the cover as typed ("50,000",
// "£1,000,000") and the expiry day against today's UK date, which the server
// checks again against its own clock (400 when it is in the past).
import { z } from "zod";
import { parsePounds } from "@contract/pounds";
import { COMPANY_MSG, DOCUMENT_KINDS, documentCreateSchema, type DocumentCreate } from "@contract/schemas/company";
import { takesCover } from "./document-rules";

export const DOCUMENT_FORM_MSG = {
  cover: "Please enter the cover in pounds, e.g. 100,000",
  file: "Please upload the document first",
  // the form's date picker says nothing of YYYY-MM-DD: the API's words are for other programs
  expiresOn: "Please choose the expiry date: the last day the document is valid",
} as const;

export interface DocumentFormValues {
  kind: (typeof DOCUMENT_KINDS)[number];
  expiresOn: string;
  /** as typed; only for insurance (takesCover) */
  cover: string;
  /** a FORS certificate's level as chosen ("" until chosen); only for that kind (a form without the field sends none) */
  forsLevel?: string;
  /** set once the file is stored; null while none is, or it is still on its way */
  objectPath: string | null;
}

/** Every message a form's values earn, by field, in the contract's words; the body to send when none. */
export function checkDocumentForm(v: DocumentFormValues, today: string): { body: DocumentCreate } | { errors: Partial<Record<keyof DocumentFormValues, string>> } {
  const errors: Partial<Record<keyof DocumentFormValues, string>> = {};
  let coverAmount: number | null = null;
  if (takesCover(v.kind) && v.cover.trim() !== "") {
    const pounds = parsePounds(v.cover);
    if (pounds === null) errors.cover = DOCUMENT_FORM_MSG.cover;
    else coverAmount = Math.round(pounds * 100) / 100;
  }
  if (!v.objectPath) errors.objectPath = DOCUMENT_FORM_MSG.file;
  const fors = v.kind === "fors_certificate" ? { forsLevel: (v.forsLevel ?? "") as DocumentCreate["forsLevel"] } : {};
  const body = { kind: v.kind, objectPath: v.objectPath ?? "", expiresOn: v.expiresOn, ...(coverAmount !== null ? { coverAmount } : {}), ...fors };
  const parsed = documentCreateSchema.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] === "coverAmount" ? "cover" : (issue.path[0] as keyof DocumentFormValues);
      errors[key] ??= key === "expiresOn" ? DOCUMENT_FORM_MSG.expiresOn : issue.message;
    }
  // YYYY-MM-DD strings compare as days; the contract: "An expiresOn in the past → 400"
  if (!errors.expiresOn && v.expiresOn < today) errors.expiresOn = COMPANY_MSG.expiresInPast;
  return Object.keys(errors).length ? { errors } : { body };
}

/** For react-hook-form's resolver: the same checks as a zod schema of today. */
export const documentFormSchema = (today: string) =>
  z
    // forsLevel: a form that never shows the field (the insurances at registration) sends none
    .object({ kind: z.enum(DOCUMENT_KINDS), expiresOn: z.string(), cover: z.string(), forsLevel: z.string().default(""), objectPath: z.string().nullable() })
    .superRefine((v, ctx) => {
      const checked = checkDocumentForm(v, today);
      if ("errors" in checked) for (const [path, message] of Object.entries(checked.errors)) ctx.addIssue({ code: "custom", path: [path], message });
    });
