// The POD as paperwork: the A4 document a load's POD prints as, and staff's view
// of a load's POD. Apart from features/pod (completing a POD on a phone, whose
// public face the board loads first), so this code loads only where it is shown.
export { PodDocumentDialog } from "./pod-document-dialog";
export { PodInfoDialog } from "./pod-info-dialog";
