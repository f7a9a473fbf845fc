// The demo data set (`npm run demo`, style.md "Scripts"): a realistic UK flatbed
// network — real towns with their real postcodes and counties, road-like distances,
// market-like prices — with every load status, FORS level, special badge and
// time-window type, approved carriers and one pending registration, and bids in
// every state. Deterministic (seeded random), and it runs only on a database
// with no loads, so a restart never duplicates anything.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "./client";
import { bids, loadEvents, loadViews, loads, users, type UserRow } from "./schema";
import { hashPassword } from "../lib/crypto";
import { ukWallToInstant } from "../../contract/wall-clock";
import { ratePerMile } from "../modules/loads/load-visibility";
import { linkApprovedCarriers } from "../modules/companies/companies.service";

/** Fixed demo password for every demo account; meets the §5 rules. */
export const DEMO_PASSWORD = "Demo!2026pass";
export const DEMO_ADMIN_EMAIL = "admin@demo.test";

interface Place {
  town: string;
  county: string;
  postcode: string;
  address: string;
  lat: number;
  lon: number;
}

// Coordinates: the postcode district centroid (data/uk-outcodes.csv, shipped in the repository).
const PLACES: Place[] = [
  { town: "Birmingham", county: "West Midlands", postcode: "B5 4BU", address: "Goods Yard, Bullring, Edgbaston Street", lat: 52.46907, lon: -1.89766 },
  { town: "Manchester", county: "Greater Manchester", postcode: "M4 3AQ", address: "Service Yard, Arndale Centre, High Street", lat: 53.48499, lon: -2.23015 },
  { town: "Leeds", county: "West Yorkshire", postcode: "LS1 4DY", address: "Station Yard, New Station Street", lat: 53.79765, lon: -1.55129 },
  { town: "Liverpool", county: "Merseyside", postcode: "L1 1JD", address: "Lime Street Goods Entrance, Skelhorne Street", lat: 53.40204, lon: -2.9805 },
  { town: "Bristol", county: "Bristol", postcode: "BS1 6QF", address: "Temple Meads Freight Gate, Station Approach", lat: 51.45324, lon: -2.59381 },
  { town: "Sheffield", county: "South Yorkshire", postcode: "S9 1EP", address: "Meadowhall Service Road, Meadowhall Way", lat: 53.39822, lon: -1.41757 },
  { town: "Newcastle upon Tyne", county: "Tyne and Wear", postcode: "NE1 5DL", address: "Central Station Yard, Neville Street", lat: 54.97241, lon: -1.61154 },
  { town: "Glasgow", county: "Lanarkshire", postcode: "G1 3SL", address: "Central Station Goods Yard, Gordon Street", lat: 55.85885, lon: -4.24883 },
  { town: "Edinburgh", county: "Midlothian", postcode: "EH1 1BB", address: "Waverley Bridge Service Road", lat: 55.95078, lon: -3.19292 },
  { town: "Cardiff", county: "South Glamorgan", postcode: "CF10 1EP", address: "Central Square Loading Bay", lat: 51.47477, lon: -3.17318 },
  { town: "Southampton", county: "Hampshire", postcode: "SO15 1AL", address: "Western Docks Gate 10, Blechynden Terrace", lat: 50.91706, lon: -1.42449 },
  { town: "Felixstowe", county: "Suffolk", postcode: "IP11 3SY", address: "Port of Felixstowe, Tomline House", lat: 51.96797, lon: 1.34098 },
  { town: "Tilbury", county: "Essex", postcode: "RM18 7EH", address: "Port of Tilbury, Leslie Ford House", lat: 51.4676, lon: 0.37638 },
  { town: "Immingham", county: "Lincolnshire", postcode: "DN40 2LZ", address: "Immingham Dock, Dock Office", lat: 53.62105, lon: -0.22717 },
  { town: "Hull", county: "East Riding of Yorkshire", postcode: "HU1 3UT", address: "Paragon Interchange Service Yard, Ferensway", lat: 53.74281, lon: -0.33798 },
  { town: "Nottingham", county: "Nottinghamshire", postcode: "NG2 3AQ", address: "Station Street Goods Entrance", lat: 52.9353, lon: -1.13535 },
  { town: "Leicester", county: "Leicestershire", postcode: "LE2 0QB", address: "London Road Freight Yard", lat: 52.60726, lon: -1.11673 },
  { town: "Coventry", county: "West Midlands", postcode: "CV1 2GT", address: "Station Square Service Road", lat: 52.40937, lon: -1.50638 },
  { town: "Derby", county: "Derbyshire", postcode: "DE1 2RU", address: "Railway Terrace Works", lat: 52.92197, lon: -1.4773 },
  { town: "Stoke-on-Trent", county: "Staffordshire", postcode: "ST4 2AA", address: "Winton Square Yard", lat: 52.99414, lon: -2.18534 },
  { town: "Milton Keynes", county: "Buckinghamshire", postcode: "MK9 1LA", address: "Elder Gate Distribution Bay", lat: 52.04065, lon: -0.75576 },
  { town: "Peterborough", county: "Cambridgeshire", postcode: "PE1 1QL", address: "Station Road Freight Yard", lat: 52.58609, lon: -0.23709 },
  { town: "Norwich", county: "Norfolk", postcode: "NR1 1EF", address: "Thorpe Road Goods Yard", lat: 52.62653, lon: 1.30678 },
  { town: "Cambridge", county: "Cambridgeshire", postcode: "CB1 2JW", address: "Station Road Builders' Yard", lat: 52.19519, lon: 0.14138 },
  { town: "Oxford", county: "Oxfordshire", postcode: "OX1 1HS", address: "Botley Road Timber Yard", lat: 51.745, lon: -1.26134 },
  { town: "Reading", county: "Berkshire", postcode: "RG1 1LZ", address: "Station Hill Goods Entrance", lat: 51.45174, lon: -0.96975 },
  { town: "Exeter", county: "Devon", postcode: "EX4 4NT", address: "St David's Station Yard, Bonhay Road", lat: 50.73146, lon: -3.52643 },
  { town: "Plymouth", county: "Devon", postcode: "PL4 6AB", address: "North Road East Yard", lat: 50.37557, lon: -4.12801 },
  { town: "Daventry", county: "Northamptonshire", postcode: "NN6 7GX", address: "DIRFT Rail Freight Terminal, Crick", lat: 52.32573, lon: -0.94178 },
  { town: "Scunthorpe", county: "Lincolnshire", postcode: "DN16 1BP", address: "Steelworks Gate 4, Brigg Road", lat: 53.56738, lon: -0.63967 },
  { town: "Port Talbot", county: "West Glamorgan", postcode: "SA13 2NG", address: "Steelworks Dispatch, Heol Cae Bach", lat: 51.60582, lon: -3.72529 },
  { town: "Dover", county: "Kent", postcode: "CT17 9BU", address: "Port of Dover, Harbour House", lat: 51.12913, lon: 1.29384 },
  { town: "Carlisle", county: "Cumbria", postcode: "CA1 1QZ", address: "Court Square Goods Yard", lat: 54.88581, lon: -2.91197 },
  { town: "York", county: "North Yorkshire", postcode: "YO24 1AB", address: "Station Road Works Entrance", lat: 53.94596, lon: -1.11712 },
  { town: "Gatwick", county: "West Sussex", postcode: "RH6 0NP", address: "Cargo Centre, Gatwick Airport", lat: 51.17352, lon: -0.16462 },
  { town: "Bath", county: "Somerset", postcode: "BA1 1SU", address: "Dorchester Street Service Yard", lat: 51.39304, lon: -2.36118 },
  { town: "Aberdeen", county: "Aberdeenshire", postcode: "AB11 5RG", address: "Union Square Service Yard, Guild Street", lat: 57.13921, lon: -2.09296 },
];

interface Cargo {
  type: string;
  equipment: "Flatbed" | "Curtain" | "MOL";
  weight: [number, number];
  length: [number, number]; // feet (spec §1: dimensions in feet)
  width: number;
  height: [number, number];
  edgeProtectors?: boolean;
  moffett?: boolean;
  adr?: boolean;
  waste?: boolean;
  tailLift?: boolean;
  temperature?: boolean;
}

const ABNORMAL: Cargo = { type: "Transformer (abnormal load, escort arranged)", equipment: "Flatbed", weight: [36000, 44000], length: [24, 30], width: 9.5, height: [9, 11], edgeProtectors: true };

const CARGO: Cargo[] = [
  { type: "Steel coils", equipment: "Flatbed", weight: [18000, 26000], length: [20, 40], width: 8.2, height: [4, 6], edgeProtectors: true },
  { type: "Structural steel beams", equipment: "Flatbed", weight: [12000, 24000], length: [30, 44.6], width: 8.2, height: [3, 6], edgeProtectors: true },
  { type: "Steel rebar bundles", equipment: "Flatbed", weight: [20000, 27000], length: [36, 44.6], width: 8, height: [2, 4] },
  { type: "Packaged sawn timber", equipment: "Flatbed", weight: [8000, 22000], length: [16, 40], width: 8, height: [5, 8] },
  { type: "Precast concrete lintels", equipment: "Flatbed", weight: [10000, 24000], length: [10, 30], width: 8, height: [3, 5] },
  { type: "Roof trusses", equipment: "Flatbed", weight: [3000, 8000], length: [30, 44.6], width: 8.4, height: [6, 9] },
  { type: "Scaffolding tubes and fittings", equipment: "Flatbed", weight: [6000, 14000], length: [21, 21], width: 8, height: [4, 6] },
  { type: "Excavator attachments", equipment: "Flatbed", weight: [2000, 9000], length: [8, 16], width: 7, height: [3, 6] },
  { type: "Portable site cabin", equipment: "Flatbed", weight: [4000, 9000], length: [20, 32], width: 8, height: [8, 9] },
  { type: "Agricultural machinery", equipment: "Flatbed", weight: [5000, 12000], length: [16, 30], width: 8.4, height: [6, 9] },
  { type: "Glass on A-frames", equipment: "Flatbed", weight: [8000, 16000], length: [16, 24], width: 8, height: [7, 9], edgeProtectors: true },
  { type: "Bricks on pallets", equipment: "MOL", weight: [15000, 26000], length: [30, 40], width: 8, height: [3, 5], moffett: true },
  { type: "Bulk bags of aggregate", equipment: "MOL", weight: [20000, 26000], length: [30, 40], width: 8, height: [3, 4], moffett: true },
  { type: "Concrete blocks on pallets", equipment: "MOL", weight: [18000, 26000], length: [30, 40], width: 8, height: [3, 5], moffett: true },
  { type: "Plasterboard", equipment: "Curtain", weight: [12000, 22000], length: [30, 40], width: 8, height: [5, 8] },
  { type: "Palletised building materials", equipment: "Curtain", weight: [10000, 24000], length: [30, 44.6], width: 8, height: [6, 8], tailLift: true },
  { type: "Insulation panels", equipment: "Curtain", weight: [800, 3000], length: [20, 40], width: 8, height: [7, 9] },
  { type: "Fencing panels and posts", equipment: "Curtain", weight: [3000, 10000], length: [16, 30], width: 8, height: [5, 7] },
  { type: "Boxed fixings (part load)", equipment: "Curtain", weight: [300, 950], length: [4, 8], width: 4, height: [3, 4], tailLift: true },
  { type: "Chilled food ingredients on pallets", equipment: "Curtain", weight: [6000, 14000], length: [20, 40], width: 8, height: [6, 8], temperature: true },
  { type: "Industrial cleaning chemicals (IBCs)", equipment: "Curtain", weight: [8000, 18000], length: [20, 30], width: 8, height: [4, 5], adr: true },
  { type: "Scrap metal (skips)", equipment: "Flatbed", weight: [10000, 20000], length: [12, 24], width: 8, height: [5, 6], waste: true },
  { type: "Diesel generator", equipment: "Flatbed", weight: [1500, 5000], length: [8, 14], width: 5, height: [5, 7] },
];

const PICKUP_CONTACTS = [
  "Mark Taylor, Goods Out, 0121 496 0123",
  "Janet Hughes, Transport Office, 0113 496 0456",
  "Steve Collins, Yard Supervisor, 0161 496 0789",
  "Aisha Khan, Dispatch, 0117 496 0234",
  "Gate House, 020 7946 0321",
  "Paul Reid, Loading Bay, 0141 496 0654",
];
const DELIVERY_CONTACTS = [
  "Site Manager, 07700 900123",
  "Emma Wilson, Goods In, 0114 496 0987",
  "Liam O'Neill, Stores, 029 2018 0456",
  "Reception, 0191 498 0345",
  "Gemma Price, Site Office, 07700 900456",
  "Warehouse Team Leader, 0115 496 0678",
];
const INSTRUCTIONS = [
  "Report to the gatehouse on arrival. Hi-vis, boots and hard hat required on site.",
  "Side-loading by forklift; straps and chains must be your own.",
  "Booking reference must be quoted at the gate. No access before 07:00.",
  "Narrow access road; a rigid or short trailer is preferred.",
  "Driver to sheet the load. Photographs of the secured load required before leaving.",
  null,
];

/** mulberry32: a small seeded generator, so every demo database is the same. */
function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Road miles ≈ great-circle miles × 1.2 (typical UK circuity). */
function roadMiles(a: Place, b: Place): number {
  const r = 3958.8;
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return Math.max(5, Math.round(2 * r * Math.asin(Math.sqrt(h)) * 1.2));
}

/** A wall-clock time in UK time on a day relative to today. */
function ukTime(now: Date, dayOffset: number, hhmm: string): Date {
  const day = new Date(now.getTime() + dayOffset * 86_400_000);
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(day);
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  const [h, m] = hhmm.split(":").map(Number);
  return new Date(ukWallToInstant(get("year"), get("month"), get("day"), h, m));
}

interface DemoUser {
  key: string;
  email: string;
  name: string;
  carrierName: string;
  contactNumber: string;
  role: "carrier" | "manager" | "admin";
  isApproved: boolean;
}

const DEMO_USERS: DemoUser[] = [
  { key: "admin", email: DEMO_ADMIN_EMAIL, name: "Alex Morgan", carrierName: "Flatbed Network", contactNumber: "+44 20 7946 0100", role: "admin", isApproved: true },
  { key: "manager", email: "manager@demo.test", name: "Priya Shah", carrierName: "Flatbed Network", contactNumber: "+44 20 7946 0101", role: "manager", isApproved: true },
  { key: "carrier", email: "carrier@demo.test", name: "Dave Hughes", carrierName: "Hughes Haulage Ltd", contactNumber: "+44 7700 900101", role: "carrier", isApproved: true },
  { key: "hughes2", email: "tom.hughes@demo.test", name: "Tom Hughes", carrierName: "Hughes Haulage Ltd", contactNumber: "+44 7700 900102", role: "carrier", isApproved: true },
  { key: "pennine", email: "sarah@pennine.demo.test", name: "Sarah Jones", carrierName: "Pennine Steel Transport", contactNumber: "+44 113 496 0201", role: "carrier", isApproved: true },
  { key: "valleys", email: "gareth@valleys.demo.test", name: "Gareth Evans", carrierName: "Valleys Flatbed Services", contactNumber: "+44 29 2018 0301", role: "carrier", isApproved: true },
  { key: "highland", email: "fiona@highland.demo.test", name: "Fiona MacLeod", carrierName: "Highland Heavy Haulage", contactNumber: "+44 141 496 0401", role: "carrier", isApproved: true },
  { key: "midlands", email: "ravi@midlandsmol.demo.test", name: "Ravi Patel", carrierName: "Midlands MOL Logistics", contactNumber: "+44 121 496 0501", role: "carrier", isApproved: true },
  { key: "pending", email: "kevin@walsh.demo.test", name: "Kevin Walsh", carrierName: "Walsh Transport", contactNumber: "+44 7700 900601", role: "carrier", isApproved: false },
];

export interface SeedResult {
  seeded: boolean;
  loads: number;
  accounts: { email: string; password: string; role: string; name: string; note?: string }[];
}

/** The demo sign-ins as stored (the admin may have been created by main's bootstrap). */
async function accountsOf(db: DbOrTx): Promise<SeedResult["accounts"]> {
  const out: SeedResult["accounts"] = [];
  for (const u of DEMO_USERS.filter((x) => ["admin", "manager", "carrier"].includes(x.key))) {
    const [row] = await db.select({ name: users.name, role: users.role }).from(users).where(sql`${users.email} = ${u.email}`);
    if (row) out.push({ email: u.email, password: DEMO_PASSWORD, role: row.role, name: row.name });
  }
  return out;
}

export async function seedDemo(opts: { db: DbOrTx; now: Date }): Promise<SeedResult> {
  const { db, now } = opts;
  const [any] = await db.select({ one: sql<number>`1` }).from(loads).limit(1);
  if (any) return { seeded: false, loads: 0, accounts: await accountsOf(db) };

  const rnd = seededRandom(20260601);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const between = (lo: number, hi: number) => lo + rnd() * (hi - lo);
  const year = now.getUTCFullYear();

  // users (the admin may already exist: main's bootstrap creates ADMIN_EMAIL first)
  const password = await hashPassword(DEMO_PASSWORD);
  const byKey = new Map<string, UserRow>();
  for (const [i, u] of DEMO_USERS.entries()) {
    const createdAt = new Date(now.getTime() - (120 - i * 9) * 86_400_000);
    await db
      .insert(users)
      .values({
        email: u.email,
        password,
        name: u.name,
        carrierName: u.carrierName,
        contactNumber: u.contactNumber,
        role: u.role,
        isAdmin: u.role === "admin",
        isApproved: u.isApproved,
        createdAt: u.isApproved ? createdAt : new Date(now.getTime() - 3 * 3_600_000),
        lastLoginAt: u.isApproved && u.key !== "hughes2" ? new Date(now.getTime() - (i + 1) * 5 * 3_600_000) : null,
      })
      .onConflictDoNothing();
    const [row] = await db.select().from(users).where(sql`${users.email} = ${u.email}`);
    byKey.set(u.key, row);
  }
  // every approved carrier in the company of its name, as approval would have put them (issue 17);
  // names are unchanged, so the rows above stay as they are
  await linkApprovedCarriers(db, now);
  const staff = [byKey.get("admin")!, byKey.get("manager")!];
  const carriers = ["carrier", "hughes2", "pennine", "valleys", "highland", "midlands"].map((k) => byKey.get(k)!);

  // 66 loads: every status, spread over the past month and the next two weeks
  const plan: string[] = [
    ...Array(28).fill("available"),
    ...Array(9).fill("accepted"),
    ...Array(9).fill("approved"),
    ...Array(14).fill("completed"),
    ...Array(6).fill("cancelled"),
  ];
  type BidSeed = Omit<typeof bids.$inferInsert, "loadId">;
  type ViewSeed = Omit<typeof loadViews.$inferInsert, "loadId">;
  type EventSeed = { action: string; from: string | null; to: string; actor: UserRow; at: Date; reason?: string };
  const specs: { values: typeof loads.$inferInsert; events: EventSeed[]; bids: BidSeed[]; views: ViewSeed[] }[] = [];
  const timeTypes = ["exact", "before", "between"] as const;
  const fors = ["", "", "Bronze", "Silver", "Gold"] as const;

  for (const [i, status] of plan.entries()) {
    const from = PLACES[(i * 7 + 3) % PLACES.length];
    let to = PLACES[(i * 11 + 5) % PLACES.length];
    if (to === from) to = PLACES[(i * 11 + 6) % PLACES.length];
    const abnormal = i === 5 || i === 40;
    const cargo = i === 17 ? CARGO.find((c) => c.type.startsWith("Boxed"))! : abnormal ? ABNORMAL : pick(CARGO);
    const distance = roadMiles(from, to);
    const urgent = rnd() < 0.15;
    // a full artic: a day's minimum, then per mile; ADR and urgent loads pay more
    const perMile = distance < 60 ? between(5, 8) : distance < 150 ? between(3, 4) : between(2.3, 3.1);
    let price = Math.max(between(390, 520), distance * perMile) * (urgent ? 1.15 : 1) * (cargo.adr ? 1.2 : 1);
    if (cargo.weight[1] < 1000) price = Math.max(between(160, 220), distance * between(0.55, 0.8)); // part load
    // abnormal loads with escort pricing (the "Over £5,000" band)
    if (abnormal) price = between(5200, 7400);
    price = Math.round(price / 5) * 5 + (rnd() < 0.2 ? 0.5 : 0);
    const weight = Math.round(between(cargo.weight[0], cargo.weight[1]) / 10) * 10;

    const dayOffset =
      status === "available"
        ? Math.floor(between(1, 15))
        : status === "accepted"
          ? Math.floor(between(1, 6))
          : status === "approved"
            ? Math.floor(between(-1, 4))
            : status === "completed"
              ? -Math.floor(between(2, 30))
              : Math.floor(between(-10, 10));
    const pickupType = timeTypes[i % 3];
    const deliveryType = timeTypes[(i + 1) % 3];
    const pickupStart = pick(["06:00", "07:00", "07:30", "08:00", "09:00", "10:00"]);
    const pickupEnd = pick(["11:00", "12:00", "13:00"]);
    const transitDays = distance > 280 ? 1 : 0;
    const deliveryStart = transitDays ? pick(["07:00", "08:00", "09:00"]) : pick(["13:00", "14:00", "15:00"]);
    const deliveryEnd = transitDays ? pick(["12:00", "14:00"]) : pick(["16:00", "17:00"]);
    // two available loads have their date still to be confirmed
    const undated = status === "available" && (i === 3 || i === 21);
    const pickupDate = undated ? null : ukTime(now, dayOffset, pickupType === "before" ? pickupEnd : pickupStart);
    const deliveryDate = undated
      ? null
      : ukTime(now, dayOffset + transitDays, deliveryType === "before" ? deliveryEnd : deliveryStart);

    const createdAt = new Date(Math.min(now.getTime() - 3_600_000, (pickupDate ?? now).getTime() - between(2, 9) * 86_400_000));
    const values: typeof loads.$inferInsert = {
      loadNumber: "", // numbered below, in the order the loads were created
      status,
      pickupAddress: from.address,
      pickupCity: from.town,
      pickupState: from.county,
      pickupZip: from.postcode,
      pickupDate,
      pickupTimeType: pickupType,
      pickupStartTime: pickupType === "before" ? null : pickupStart,
      pickupEndTime: pickupType === "exact" ? null : pickupEnd,
      pickupContact: pick(PICKUP_CONTACTS),
      pickupReference: `COL-${Math.floor(between(100000, 999999))}`,
      pickupInstructions: pick(INSTRUCTIONS),
      deliveryAddress: to.address,
      deliveryCity: to.town,
      deliveryState: to.county,
      deliveryZip: to.postcode,
      deliveryDate,
      deliveryTimeType: deliveryType,
      deliveryStartTime: deliveryType === "before" ? null : deliveryStart,
      deliveryEndTime: deliveryType === "exact" ? null : deliveryEnd,
      deliveryContact: pick(DELIVERY_CONTACTS),
      deliveryReference: `DEL-${year}-${String(Math.floor(between(1000, 9999)))}`,
      deliveryInstructions: pick(INSTRUCTIONS),
      weight,
      length: Math.round(between(cargo.length[0], cargo.length[1]) * 10) / 10,
      width: cargo.width,
      height: Math.round(between(cargo.height[0], cargo.height[1]) * 10) / 10,
      distance,
      price,
      ratePerMile: ratePerMile(price, distance),
      cargoType: cargo.type,
      equipmentType: cargo.equipment,
      isUrgent: urgent,
      isTemperatureControlled: !!cargo.temperature,
      adr: !!cargo.adr,
      waste: !!cargo.waste,
      tailLift: !!cargo.tailLift,
      moffett: !!cargo.moffett,
      edgeProtectors: !!cargo.edgeProtectors,
      forsRequirement: fors[i % fors.length],
      createdAt,
      updatedAt: createdAt,
    };

    const events: EventSeed[] = [
      { action: "create", from: null, to: "available", actor: staff[i % 2], at: createdAt },
    ];
    const carrier = i % 5 === 0 ? carriers[0] : carriers[i % carriers.length];
    if (["accepted", "approved", "completed"].includes(status) || (status === "cancelled" && i % 2 === 0)) {
      const acceptedAt = new Date(createdAt.getTime() + between(1, 30) * 3_600_000);
      values.acceptedBy = carrier.id;
      values.acceptedByCarrier = carrier.carrierName;
      values.acceptedAt = acceptedAt;
      events.push({ action: "accept", from: "available", to: "accepted", actor: carrier, at: acceptedAt });
      if (status !== "accepted") {
        const approvedAt = new Date(acceptedAt.getTime() + between(1, 6) * 3_600_000);
        events.push({ action: "approve", from: "accepted", to: "approved", actor: staff[0], at: approvedAt });
        if (status === "completed") {
          const pickedUp = pickupDate ?? approvedAt;
          const delivered = deliveryDate ?? new Date(pickedUp.getTime() + 6 * 3_600_000);
          values.pickupSignedBy = pick(["M. Taylor", "J. Hughes", "S. Collins", "A. Khan", "P. Reid"]);
          values.pickupSignedDate = pickedUp;
          values.deliverySignedBy = pick(["E. Wilson", "L. O'Neill", "G. Price", "R. Singh", "K. Brown"]);
          values.deliverySignedDate = delivered;
          values.completedAt = new Date(delivered.getTime() + 2 * 3_600_000);
          values.updatedAt = values.completedAt;
          events.push({ action: "complete", from: "approved", to: "completed", actor: carrier, at: values.completedAt });
        } else if (status === "approved" && i % 3 === 0 && pickupDate && pickupDate < now) {
          // collected, not yet delivered: a "Partial" POD
          values.pickupSignedBy = "D. Hughes";
          values.pickupSignedDate = pickupDate;
        }
      }
    }
    if (status === "cancelled") {
      const cancelledAt = new Date(events[events.length - 1].at.getTime() + between(1, 24) * 3_600_000);
      const fromStatus = values.acceptedBy ? "approved" : "available";
      events.push({ action: "cancel", from: fromStatus, to: "cancelled", actor: staff[i % 2], at: cancelledAt, reason: pick(["Customer cancelled the order", "Goods not ready: rebooking next week", "Site closed for the day"]) });
      values.updatedAt = cancelledAt;
    }

    // nothing in the history happens in the future
    const latest = now.getTime() - 5 * 60_000;
    for (const e of events) if (e.at.getTime() > latest) e.at = new Date(latest);
    for (const k of ["acceptedAt", "completedAt", "updatedAt"] as const) {
      const d = values[k];
      if (d instanceof Date && d.getTime() > latest) values[k] = new Date(latest);
    }
    const spec = { values, events, bids: [] as BidSeed[], views: [] as ViewSeed[] };
    specs.push(spec);

    // bids: pending ones on open loads, rejected ones where someone else won
    const bidders = carriers.filter((c) => c.id !== values.acceptedBy);
    if (status === "available" && i % 2 === 0) {
      const n = 1 + (i % 4);
      for (let b = 0; b < n; b++) {
        const bidder = bidders[(i + b) % bidders.length];
        const at = new Date(now.getTime() - between(5, 600) * 60_000);
        spec.bids.push({
          carrierId: bidder.id,
          bidAmount: Math.round(price * between(0.85, 1.08) * 100) / 100,
          listedPrice: price,
          notes: pick([null, "Can collect a day early if that helps.", "Return load wanted from this area.", "Price includes straps and edge protection.", null]),
          status: "pending",
          createdAt: at,
          updatedAt: at,
        });
      }
    }
    if (status === "available" && i % 4 === 1) {
      // an earlier offer the office turned down
      const at = new Date(now.getTime() - between(24, 72) * 3_600_000);
      spec.bids.push({ carrierId: bidders[i % bidders.length].id, bidAmount: Math.round(price * 0.7), listedPrice: price, notes: "Best I can do.", status: "rejected", createdAt: at, updatedAt: at });
    }
    if ((status === "approved" || status === "completed") && i % 3 === 0 && values.acceptedBy) {
      // won through a bid: the winning bid and the losers; the award set the price to the
      // winning amount, so the bids were made on a listing a little above it
      const at = new Date(createdAt.getTime() + 3_600_000);
      const listedPrice = Math.round(price * 1.05);
      spec.bids.push({ carrierId: values.acceptedBy, bidAmount: price, listedPrice, notes: "Available same day.", status: "accepted", createdAt: at, updatedAt: at });
      spec.bids.push({ carrierId: bidders[0].id, bidAmount: Math.round(price * 1.06), listedPrice, status: "rejected", createdAt: at, updatedAt: at });
    }

    // who has looked at it
    const viewers = status === "available" ? carriers.slice(0, 1 + (i % 4)) : values.acceptedBy ? [carrier] : [];
    for (const [v, viewer] of viewers.entries()) {
      spec.views.push({ userId: viewer.id, viewedAt: new Date(now.getTime() - (v + 1) * between(10, 300) * 60_000) });
    }
  }

  // numbers follow creation order, PO numbers approval order, as in real use
  specs.sort((a, b) => a.values.createdAt!.getTime() - b.values.createdAt!.getTime());
  specs.forEach((spec, n) => (spec.values.loadNumber = `FN-${year}-${String(n + 1).padStart(3, "0")}`));
  const approvals = specs
    .map((spec) => ({ spec, at: spec.events.find((e) => e.action === "approve")?.at }))
    .filter((x): x is { spec: (typeof specs)[number]; at: Date } => !!x.at)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  approvals.forEach(({ spec }, n) => (spec.values.mandataNumber = `PO-${year}-${String(n + 1).padStart(5, "0")}`));

  for (const spec of specs) {
    const [row] = await db.insert(loads).values(spec.values).returning({ id: loads.id });
    for (const e of spec.events) {
      await db.insert(loadEvents).values({
        loadId: row.id,
        actorId: e.actor.id,
        actorName: e.actor.name,
        action: e.action,
        fromStatus: e.from,
        toStatus: e.to,
        reason: e.reason ?? null,
        createdAt: e.at,
      });
    }
    if (spec.bids.length) await db.insert(bids).values(spec.bids.map((b) => ({ ...b, loadId: row.id })));
    if (spec.views.length) await db.insert(loadViews).values(spec.views.map((v) => ({ ...v, loadId: row.id })));
  }
  return { seeded: true, loads: specs.length, accounts: await accountsOf(db) };
}
