// Where the demo's loads go: real UK towns with a real address and postcode each,
// and the road miles between them.

export interface Place {
  town: string;
  county: string;
  postcode: string;
  address: string;
  lat: number;
  lon: number;
}

// Coordinates: the postcode district centroid (data/uk-outcodes.csv, shipped in the repository).
export const PLACES: Place[] = [
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

/** Road miles ≈ great-circle miles × 1.2 (typical UK circuity). */
export function roadMiles(a: Place, b: Place): number {
  const r = 3958.8;
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return Math.max(5, Math.round(2 * r * Math.asin(Math.sqrt(h)) * 1.2));
}
