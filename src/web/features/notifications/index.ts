// The notifications feature's public face: the email preferences (the profile dialog shows them).
export { EmailPreferences } from "./email-preferences";
