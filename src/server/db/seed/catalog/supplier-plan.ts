import zipcodes from 'zipcodes';
import { slugify } from '../../../../domain/text/slug';
import { Random } from './random';

/**
 * What a supplier mostly sells: field and container growers of trees and shrubs, perennial and
 * native-plant growers, tropical growers, landscape supply yards (hard goods and a few plants), and
 * full-line distributors.
 */
export type BranchKind = 'grower' | 'perennials' | 'natives' | 'tropicals' | 'supply' | 'distributor';

export type BranchSeed = {
  slug: string;
  name: string;
  kind: BranchKind;
  isPrimary: boolean;
  sellsOnline: boolean;
  street1: string;
  city: string;
  state: string;
  postalCode: string;
  phone: string;
  latitude: number;
  longitude: number;
  /** USDA hardiness zone of the yard: it lists only plants hardy there. */
  zone: number;
  notices: string | null;
};

export type SupplierSeed = {
  slug: string;
  name: string;
  email: string;
  /** Created by the demo accounts seed; the catalogue seed only adds its stock. */
  existing: boolean;
  branches: BranchSeed[];
};

const areaCodes: Record<string, string> = {
  AL: '205',
  AZ: '602',
  CA: '916',
  CO: '303',
  CT: '203',
  FL: '407',
  GA: '404',
  IL: '630',
  IN: '317',
  KS: '913',
  KY: '502',
  MA: '508',
  MD: '410',
  MI: '616',
  MN: '952',
  MO: '816',
  NC: '919',
  NJ: '609',
  NY: '631',
  OH: '440',
  OK: '405',
  OR: '503',
  PA: '717',
  SC: '803',
  TN: '615',
  TX: '512',
  VA: '804',
  WA: '253',
  WI: '262',
};

const stateZones: Record<string, number> = {
  AL: 8,
  AZ: 9,
  CA: 9,
  CO: 6,
  CT: 6,
  FL: 9,
  GA: 8,
  IL: 6,
  IN: 6,
  KS: 6,
  KY: 7,
  MA: 6,
  MD: 7,
  MI: 6,
  MN: 4,
  MO: 6,
  NC: 7,
  NJ: 7,
  NY: 6,
  OH: 6,
  OK: 7,
  OR: 8,
  PA: 6,
  SC: 8,
  TN: 7,
  TX: 8,
  VA: 7,
  WA: 8,
  WI: 5,
};

const noticesPool = [
  'Closed Sundays. Will-call pickup 7 am to 3 pm on weekdays.',
  'Dig-to-order B&B stock needs 5 business days; digging season runs October to April.',
  'Minimum delivered order $750. Loading dock closes at noon on Saturdays.',
  'Bulk materials are loaded by the bucket (about 1.5 cu yd); bring a tarp.',
  'Credit applications take 2 business days. Prices are FOB the yard.',
];

type Site = [city: string, zip: string, zone: number, street: string];
type FixedSupplier = {
  name: string;
  kind: BranchKind;
  sellsOnline?: boolean;
  sites: Site[];
  slug?: string;
  existing?: boolean;
};

// Fictional companies at real nursery-region cities (coordinates come from the zip code).
const fixedSuppliers: FixedSupplier[] = [
  {
    name: 'Blue Ridge Growers',
    slug: 'blue-ridge-growers',
    existing: true,
    kind: 'grower',
    sites: [
      ['Hendersonville', '28792', 7, '3100 Nursery Rd'],
      ['Greenville', '29607', 8, '740 Laurens Rd'],
    ],
  },
  {
    name: 'Piedmont Native Nursery',
    kind: 'natives',
    sites: [
      ['Pittsboro', '27312', 7, '412 Hanks Chapel Rd'],
      ['Durham', '27703', 7, '2210 Angier Ave'],
    ],
  },
  {
    name: 'Carolina Tree Farm',
    kind: 'grower',
    sites: [
      ['Statesville', '28625', 7, '1880 Turnersburg Hwy'],
      ['Mooresville', '28115', 7, '655 Oak Ridge Farm Hwy'],
    ],
  },
  {
    name: 'Sandhills Landscape Supply',
    kind: 'supply',
    sellsOnline: false,
    sites: [
      ['Southern Pines', '28387', 8, '95 Yadkin Rd'],
      ['Fayetteville', '28306', 8, '4320 Raeford Rd'],
    ],
  },
  {
    name: 'Cape Fear Wholesale Nursery',
    kind: 'distributor',
    sites: [['Wilmington', '28405', 8, '6201 Market St']],
  },
  {
    name: 'Queen City Stone & Soil',
    kind: 'supply',
    sites: [
      ['Charlotte', '28206', 7, '3515 N Graham St'],
      ['Matthews', '28105', 7, '10900 Monroe Rd'],
    ],
  },
  {
    name: 'Triangle Perennial Farm',
    kind: 'perennials',
    sites: [
      ['Garner', '27529', 7, '1450 Timber Dr'],
      ['Cary', '27519', 7, '7700 Green Level Church Rd'],
    ],
  },
  {
    name: 'French Broad Growers',
    kind: 'grower',
    sellsOnline: false,
    sites: [['Asheville', '28806', 7, '120 Sand Hill Rd']],
  },
  {
    name: 'Lowcountry Plant Company',
    kind: 'tropicals',
    sites: [
      ['Johns Island', '29455', 9, '3245 Maybank Hwy'],
      ['Bluffton', '29910', 9, '88 Buckwalter Pkwy'],
    ],
  },
  {
    name: 'Midlands Nursery Wholesale',
    kind: 'distributor',
    sites: [
      ['Lexington', '29073', 8, '5105 Sunset Blvd'],
      ['Columbia', '29209', 8, '1830 Bluff Rd'],
    ],
  },
  {
    name: 'Pee Dee Pine Straw & Supply',
    kind: 'supply',
    sellsOnline: false,
    sites: [['Florence', '29501', 8, '2700 W Palmetto St']],
  },
  {
    name: 'Chattahoochee Growers',
    kind: 'grower',
    sites: [
      ['Canton', '30114', 7, '2100 Ball Ground Hwy'],
      ['Alpharetta', '30004', 8, '13200 Arnold Mill Rd'],
    ],
  },
  {
    name: 'Peach State Stone Yard',
    kind: 'supply',
    sites: [
      ['Marietta', '30066', 8, '1500 Canton Rd'],
      ['Lawrenceville', '30043', 8, '900 Buford Dr'],
    ],
  },
  { name: 'Coastal Empire Nursery', kind: 'tropicals', sites: [['Savannah', '31405', 9, '7 Chatham Pkwy']] },
  {
    name: 'Middle Georgia Tree Company',
    kind: 'grower',
    sellsOnline: false,
    sites: [['Perry', '31069', 8, '1640 Sam Nunn Blvd']],
  },
  { name: 'Oconee Native Plants', kind: 'natives', sites: [['Athens', '30605', 8, '3450 Lexington Rd']] },
  {
    name: 'Warren County Nursery',
    kind: 'grower',
    sites: [['McMinnville', '37110', 7, '5400 Manchester Hwy']],
  },
  {
    name: 'Cumberland Plateau Growers',
    kind: 'grower',
    sellsOnline: false,
    sites: [['Sparta', '38583', 6, '2050 Smithville Hwy']],
  },
  {
    name: 'Music City Landscape Supply',
    kind: 'distributor',
    sites: [
      ['Nashville', '37211', 7, '4100 Nolensville Pike'],
      ['Franklin', '37064', 7, '1200 Lewisburg Pike'],
    ],
  },
  {
    name: 'Smoky Mountain Trees',
    kind: 'grower',
    sites: [
      ['Knoxville', '37920', 7, '3800 Chapman Hwy'],
      ['Chattanooga', '37405', 7, '1100 Signal Mountain Rd'],
    ],
  },
  {
    name: 'Shenandoah Valley Nursery',
    kind: 'grower',
    sites: [
      ['Harrisonburg', '22801', 6, '2800 S Main St'],
      ['Louisa', '23093', 7, '180 Industrial Dr'],
    ],
  },
  {
    name: 'Tidewater Wholesale Plants',
    kind: 'distributor',
    sites: [
      ['Chesapeake', '23322', 8, '1500 Battlefield Blvd S'],
      ['Virginia Beach', '23456', 8, '2300 Princess Anne Rd'],
    ],
  },
  {
    name: 'Old Dominion Stone & Mulch',
    kind: 'supply',
    sites: [['Henrico', '23231', 7, '5900 Charles City Rd']],
  },
  {
    name: 'Chesapeake Natives',
    kind: 'natives',
    sites: [
      ['Annapolis', '21401', 7, '1350 Generals Hwy'],
      ['Frederick', '21701', 6, '7420 Hayward Rd'],
    ],
  },
  {
    name: 'Lancaster County Growers',
    kind: 'grower',
    sites: [
      ['Lancaster', '17601', 6, '2400 Lititz Pike'],
      ['Lititz', '17543', 6, '600 E Newport Rd'],
    ],
  },
  {
    name: 'Brandywine Perennials',
    kind: 'perennials',
    sites: [
      ['West Chester', '19380', 6, '1020 Pottstown Pike'],
      ['Media', '19063', 7, '500 Baltimore Pike'],
    ],
  },
  {
    name: 'Garden State Tree Farm',
    kind: 'grower',
    sellsOnline: false,
    sites: [['Cream Ridge', '08514', 7, '345 Route 539']],
  },
  {
    name: 'Lake County Nursery Exchange',
    kind: 'distributor',
    sites: [
      ['Perry', '44081', 6, '3900 N Ridge Rd'],
      ['Painesville', '44077', 6, '1650 Mentor Ave'],
    ],
  },
  {
    name: 'Buckeye Landscape Supply',
    kind: 'supply',
    sites: [
      ['Columbus', '43228', 6, '4400 W Broad St'],
      ['Pataskala', '43062', 6, '200 E Broad St'],
    ],
  },
  {
    name: 'Miami Valley Growers',
    kind: 'perennials',
    sites: [
      ['Dayton', '45414', 6, '5500 N Dixie Dr'],
      ['Mason', '45040', 6, '7200 Mason Montgomery Rd'],
    ],
  },
  {
    name: 'Apopka Foliage & Palms',
    kind: 'tropicals',
    sites: [['Apopka', '32703', 9, '2300 W Orange Blossom Trl']],
  },
  {
    name: 'Sunshine State Palms',
    kind: 'tropicals',
    sellsOnline: false,
    sites: [['Homestead', '33030', 10, '24500 SW 177th Ave']],
  },
  {
    name: 'Gulf Coast Nursery Supply',
    kind: 'distributor',
    sites: [
      ['Tampa', '33619', 10, '6500 E Adamo Dr'],
      ['Sarasota', '34243', 10, '7000 15th St E'],
      ['Jacksonville', '32218', 9, '11000 Lem Turner Rd'],
    ],
  },
  { name: 'Piney Woods Nursery', kind: 'grower', sites: [['Tyler', '75703', 8, '11200 S Broadway Ave']] },
  {
    name: 'Hill Country Natives',
    kind: 'natives',
    sites: [
      ['Austin', '78745', 8, '6000 S Congress Ave'],
      ['San Marcos', '78666', 8, '1900 Hunter Rd'],
      ['Kerrville', '78028', 8, '2200 Junction Hwy'],
    ],
  },
  {
    name: 'Gulf Prairie Growers',
    kind: 'distributor',
    sites: [
      ['Houston', '77084', 9, '17500 Clay Rd'],
      ['Katy', '77449', 9, '21000 Park Row'],
    ],
  },
  {
    name: 'Metroplex Stone & Soil',
    kind: 'supply',
    sites: [
      ['Dallas', '75243', 8, '11000 Plano Rd'],
      ['Fort Worth', '76108', 8, '9600 White Settlement Rd'],
      ['Temple', '76502', 8, '3800 W Adams Ave'],
    ],
  },
  {
    name: 'Alamo Landscape Supply',
    kind: 'supply',
    sellsOnline: false,
    sites: [['San Antonio', '78216', 9, '12500 San Pedro Ave']],
  },
  {
    name: 'Willamette Valley Growers',
    kind: 'grower',
    sites: [
      ['Woodburn', '97071', 8, '1900 N Pacific Hwy'],
      ['Canby', '97013', 8, '24000 S Hwy 99E'],
    ],
  },
  {
    name: 'Boring Tree Farm',
    kind: 'grower',
    sites: [
      ['Boring', '97009', 8, '28000 SE Hwy 212'],
      ['Medford', '97501', 8, '3300 S Pacific Hwy'],
    ],
  },
  {
    name: 'Puget Sound Natives',
    kind: 'natives',
    sites: [
      ['Auburn', '98092', 8, '3500 Auburn Way S'],
      ['Olympia', '98501', 8, '2400 Mottman Rd SW'],
    ],
  },
  {
    name: 'Fallbrook Specimen Trees',
    kind: 'tropicals',
    sites: [
      ['Fallbrook', '92028', 10, '2300 S Mission Rd'],
      ['Simi Valley', '93065', 10, '4800 Cochran St'],
    ],
  },
  {
    name: 'Central Valley Nursery',
    kind: 'distributor',
    sites: [['Sacramento', '95828', 9, '8200 Florin Rd']],
  },
  {
    name: 'Inland Empire Stone & Mulch',
    kind: 'supply',
    sites: [['Ontario', '91761', 10, '1500 S Milliken Ave']],
  },
  {
    name: 'Prairie Nursery Supply',
    kind: 'perennials',
    sites: [
      ['Naperville', '60563', 5, '1200 W Diehl Rd'],
      ['Island Lake', '60042', 5, '600 E State Rd'],
    ],
  },
  {
    name: 'Great Lakes Evergreens',
    kind: 'grower',
    sites: [
      ['Grand Haven', '49417', 6, '14500 Mercury Dr'],
      ['Howell', '48843', 5, '3600 W Grand River Ave'],
    ],
  },
  {
    name: 'North Star Landscape Supply',
    kind: 'distributor',
    sites: [['Chaska', '55318', 4, '1500 Yellow Brick Rd']],
  },
  {
    name: 'Heartland Nursery & Stone',
    kind: 'distributor',
    sites: [
      ['Grandview', '64030', 6, '13500 S US Hwy 71'],
      ['Olathe', '66061', 6, '1500 E Santa Fe St'],
    ],
  },
];

function locate(zip: string) {
  const found = zipcodes.lookup(zip);
  if (!found) throw new Error(`Unknown zip code ${zip} in the supplier seed`);
  return found;
}

function branchFrom(
  supplier: { name: string; slug: string; kind: BranchKind; sellsOnline: boolean },
  site: Site,
  index: number,
  random: Random,
): BranchSeed {
  const [city, zip, zone, street1] = site;
  const location = locate(zip);
  return {
    slug: `${supplier.slug}-${slugify(city)}`,
    name: `${supplier.name} - ${city}`,
    kind: supplier.kind,
    isPrimary: index === 0,
    sellsOnline: supplier.sellsOnline,
    street1,
    city,
    state: location.state,
    postalCode: zip,
    phone: `(${areaCodes[location.state] ?? '555'}) 555-01${String(random.int(0, 99)).padStart(2, '0')}`,
    latitude: location.latitude,
    longitude: location.longitude,
    zone,
    notices: random.chance(0.45) ? random.pick(noticesPool) : null,
  };
}

// The large (load-test) scale adds suppliers in more towns of these states.
const largeStates = Object.keys(stateZones);
const largeSuffixes: [string, BranchKind][] = [
  ['Nursery', 'grower'],
  ['Growers', 'grower'],
  ['Tree Farm', 'grower'],
  ['Perennial Farm', 'perennials'],
  ['Native Plants', 'natives'],
  ['Landscape Supply', 'supply'],
  ['Stone & Mulch', 'supply'],
  ['Garden Wholesale', 'distributor'],
];
const titleCaseCity = (city: string) => city.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());

/**
 * The supplier organisations and branches of the demo marketplace: 48 companies (Blue Ridge Growers,
 * created with the demo accounts, among them) with 82 branches in 19 states. The large scale adds
 * `extraSuppliers` more, one or two branches each, in real towns picked from the zip code list.
 */
export function buildSupplierPlan(scale: 'demo' | 'large', extraSuppliers = 170): SupplierSeed[] {
  const suppliers: SupplierSeed[] = fixedSuppliers.map((fixed) => {
    const slug = fixed.slug ?? slugify(fixed.name);
    const random = new Random(`supplier:${slug}`);
    const base = { name: fixed.name, slug, kind: fixed.kind, sellsOnline: fixed.sellsOnline ?? true };
    return {
      slug,
      name: fixed.name,
      email: `sales@${slug.replace(/-/g, '')}.example`,
      existing: fixed.existing ?? false,
      branches: fixed.sites.map((site, index) => branchFrom(base, site, index, random)),
    };
  });
  if (scale === 'demo') return suppliers;

  const slugs = new Set(suppliers.map((supplier) => supplier.slug));
  const branchSlugs = new Set(
    suppliers.flatMap((supplier) => supplier.branches.map((branch) => branch.slug)),
  );
  const random = new Random('large-suppliers');
  const zipsByState = new Map(
    largeStates.map((state) => [
      state,
      zipcodes
        .lookupByState(state)
        .filter((info) => /^\d{5}$/.test(info.zip))
        .sort((a, b) => a.zip.localeCompare(b.zip)),
    ]),
  );
  for (let n = 0; n < extraSuppliers; n++) {
    const state = largeStates[n % largeStates.length];
    const zips = zipsByState.get(state) ?? [];
    if (zips.length === 0) continue;
    const [suffix, kind] = random.pick(largeSuffixes);
    const first = random.pick(zips);
    const city = titleCaseCity(first.city);
    let slug = slugify(`${city} ${suffix}`);
    for (let k = 2; slugs.has(slug); k++) slug = slugify(`${city} ${suffix} ${k}`);
    slugs.add(slug);
    const name = `${city} ${suffix}`;
    const base = { name, slug, kind, sellsOnline: random.chance(0.7) };
    const sites: Site[] = [[city, first.zip, stateZones[state], `${random.int(100, 9800)} Commerce Dr`]];
    if (random.chance(0.4)) {
      const second = random.pick(zips);
      const secondCity = titleCaseCity(second.city);
      if (secondCity !== city)
        sites.push([secondCity, second.zip, stateZones[state], `${random.int(100, 9800)} Industrial Blvd`]);
    }
    const branches = sites.map((site, index) => branchFrom(base, site, index, random));
    if (branches.some((branch) => branchSlugs.has(branch.slug))) continue;
    for (const branch of branches) branchSlugs.add(branch.slug);
    suppliers.push({
      slug,
      name,
      email: `sales@${slug.replace(/-/g, '')}.example`,
      existing: false,
      branches,
    });
  }
  return suppliers;
}
