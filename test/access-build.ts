// One request builder per policy row, joined from the areas' files. The Record type
// makes a row without a builder a type error; a new area is one more file spread here.
import type { PolicyCase } from "./access-policy";
import type { Builder } from "./access-world";
import { ACCOUNT_BUILD } from "./access-build-account";
import { COMPANY_BUILD } from "./access-build-companies";
import { LOAD_BUILD } from "./access-build-loads";
import { ADMIN_BUILD } from "./access-build-admin";
import { CLAIMS_BUILD } from "./access-build-claims";
import { STOPS_BUILD } from "./access-build-stops";
import { MESSAGES_BUILD } from "./access-build-messages";
import { SCORECARDS_BUILD } from "./access-build-scorecards";
import { TRUCKS_BUILD } from "./access-build-trucks";

const AREAS = [ACCOUNT_BUILD, COMPANY_BUILD, LOAD_BUILD, ADMIN_BUILD, CLAIMS_BUILD, STOPS_BUILD, MESSAGES_BUILD, SCORECARDS_BUILD, TRUCKS_BUILD];

export const BUILD: Record<PolicyCase, Builder> = { ...ACCOUNT_BUILD, ...COMPANY_BUILD, ...LOAD_BUILD, ...ADMIN_BUILD, ...CLAIMS_BUILD, ...STOPS_BUILD, ...MESSAGES_BUILD, ...SCORECARDS_BUILD, ...TRUCKS_BUILD };

// a row built in two areas would silently keep the later one
const twice = Object.keys(BUILD).filter((k) => AREAS.filter((a) => k in a).length > 1);
if (twice.length) throw new Error(`access matrix: rows built twice: ${twice.join(", ")}`);
