// What the demo's loads carry, and the contacts and instructions on their pickup
// and delivery: a market-like mix of flatbed, curtain-sider and Moffett work.

export interface Cargo {
  type: string;
  equipment: "Flatbed" | "Curtain" | "MOL";
  weight: [number, number];
  length: [number, number]; // feet: loads are measured in feet
  width: number;
  height: [number, number];
  edgeProtectors?: boolean;
  moffett?: boolean;
  adr?: boolean;
  waste?: boolean;
  tailLift?: boolean;
  temperature?: boolean;
}

export const ABNORMAL: Cargo = { type: "Transformer (abnormal load, escort arranged)", equipment: "Flatbed", weight: [36000, 44000], length: [24, 30], width: 9.5, height: [9, 11], edgeProtectors: true };

export const CARGO: Cargo[] = [
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

export const PICKUP_CONTACTS = [
  "Mark Taylor, Goods Out, 0121 496 0123",
  "Janet Hughes, Transport Office, 0113 496 0456",
  "Steve Collins, Yard Supervisor, 0161 496 0789",
  "Aisha Khan, Dispatch, 0117 496 0234",
  "Gate House, 020 7946 0321",
  "Paul Reid, Loading Bay, 0141 496 0654",
];
export const DELIVERY_CONTACTS = [
  "Site Manager, 07700 900123",
  "Emma Wilson, Goods In, 0114 496 0987",
  "Liam O'Neill, Stores, 029 2018 0456",
  "Reception, 0191 498 0345",
  "Gemma Price, Site Office, 07700 900456",
  "Warehouse Team Leader, 0115 496 0678",
];
export const INSTRUCTIONS = [
  "Report to the gatehouse on arrival. Hi-vis, boots and hard hat required on site.",
  "Side-loading by forklift; straps and chains must be your own.",
  "Booking reference must be quoted at the gate. No access before 07:00.",
  "Narrow access road; a rigid or short trailer is preferred.",
  "Driver to sheet the load. Photographs of the secured load required before leaving.",
  null,
];
