// The auth feature's public face: who is signed in and the product's own name.
// Other features import these from here, never from auth's own files.
export { useAuth } from "./use-auth";
export { pageProductName, usePublicConfig } from "./api/public-config";
