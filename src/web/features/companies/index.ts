// The companies feature's public face: the insurance documents an applicant
// sends with the registration form. Lazy: their form and upload code load only
// once an account is made (render it inside <Later>).
import { lazyNamed } from "../../lib/lazy";

export const RegistrationDocuments = /* @__PURE__ */ lazyNamed(() => import("./components/registration-documents"), "RegistrationDocuments");
