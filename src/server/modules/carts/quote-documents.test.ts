import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { CartBranchView, CartItemView, CartView } from '../../../domain/carts/cart-view';
import {
  csvFileVariants,
  type csvFormats,
  quoteFileName,
  renderQuoteCsv,
  renderQuotePdf,
} from './quote-documents';

const TRICKY_NAME = 'Maple, Red "October Glory"';

function branch(id: number, name: string, organizationName: string, subtotal: number, taxAmount: number) {
  return {
    id,
    name,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    logo: null,
    notices: null,
    displayAddress: `${id}00 Nursery Road, Springfield, OR 97477`,
    stateCode: 'OR',
    organizationId: id * 10,
    organizationName,
    sellsOnline: false,
    fulfillment: {
      fulfillment: 'pickup',
      requestedOn: null,
      deliveryAddress: null,
      deliveryInstructions: null,
      notesToSupplier: null,
    },
    itemsCount: 0,
    subtotal,
    taxAmount,
    total: subtotal + taxAmount,
  } satisfies CartBranchView;
}

function item(
  overrides: Partial<CartItemView> & Pick<CartItemView, 'id' | 'branchId' | 'name'>,
): CartItemView {
  return {
    cartId: 1,
    version: 1,
    sortPosition: overrides.id,
    quantity: 1,
    unit: 'Each',
    unitAbbreviation: 'ea',
    nonCatalog: false,
    secondaryName: null,
    size: '#5',
    characteristics: [],
    categoryNames: 'Trees',
    product: null,
    productVariantId: null,
    availability: null,
    missingAvailability: false,
    exceedsAvailability: false,
    price: null,
    bookPrice: null,
    buyerTotal: 0,
    supplierPrice: null,
    supplierTotal: 0,
    priceCategory: null,
    buyerNotes: null,
    sharedNotes: null,
    metricsSource: null,
    createdAt: '2025-03-01T12:00:00.000Z',
    ...overrides,
  };
}

// Branch 1: 10 × $12.50 + 2 × $554.78 = $1,234.56, tax $74.07, total $1,308.63.
const greenLeaf = branch(11, 'Green Leaf Eugene', 'Green Leaf Nurseries', 123456, 7407);
const oakHollow = branch(12, 'Oak Hollow Yard', 'Oak Hollow Growers', 0, 0);

const fixture: CartView = {
  id: 1,
  name: 'Spring Planting',
  cartNumber: 'Q-100001',
  state: 'draft',
  version: 3,
  current: true,
  buyerUserId: 5,
  buyerFullName: 'Dana Buyer',
  buyerEmail: 'dana@example.test',
  organizationId: 7,
  organizationName: 'Acme Landscaping',
  jobData: { externalJobNumber: 'J-42', externalPhase: 'Phase 2', postalCode: '97401' },
  taxExempt: false,
  createdAt: '2025-03-01T12:00:00.000Z',
  updatedAt: '2025-03-02T12:00:00.000Z',
  submittedAt: null,
  items: [
    item({
      id: 1,
      branchId: greenLeaf.id,
      name: TRICKY_NAME,
      secondaryName: 'Acer rubrum',
      size: '2" cal',
      characteristics: ['B&B', 'Single stem'],
      quantity: 10,
      price: {
        base: 1250,
        value: 1250,
        category: 'Standard Pricing',
        pricingType: 'STANDARD_PRICING',
        quantityMin: 1,
      },
      bookPrice: 1250,
      buyerTotal: 12500,
      buyerNotes: '=SUM(A1)',
      sharedNotes: 'Tag each tree',
      availability: { id: 1, quantity: 40, ignoreQuantity: false, priceTiers: [], updatedAt: '2025-03-01' },
    }),
    item({
      id: 2,
      branchId: greenLeaf.id,
      name: 'Boxwood',
      secondaryName: 'Buxus sempervirens',
      quantity: 2,
      price: { base: 61642, value: 55478, category: 'Purchase Discount', pricingType: 'EVD', quantityMin: 1 },
      bookPrice: 61642,
      buyerTotal: 110956,
      availability: { id: 2, quantity: 0, ignoreQuantity: true, priceTiers: [], updatedAt: '2025-03-01' },
    }),
    item({
      id: 3,
      branchId: oakHollow.id,
      name: 'River rock, custom blend',
      nonCatalog: true,
      size: null,
      unit: 'Ton',
      unitAbbreviation: 't',
      quantity: 3,
    }),
  ],
  branches: [greenLeaf, oakHollow],
  notes: [
    {
      id: 1,
      cartId: 1,
      body: 'Deliver to the north gate.',
      authorId: 5,
      authorName: 'Dana Buyer',
      internal: false,
      createdAt: '2025-03-01',
    },
    {
      id: 2,
      cartId: 1,
      body: 'Client wants a second bid.',
      authorId: 5,
      authorName: 'Dana Buyer',
      internal: false,
      createdAt: '2025-03-02',
    },
  ],
  orders: [],
  suppliersCount: 2,
  subtotal: 123456,
  taxAmount: 7407,
  total: 130863,
  permissions: { edit: true, submit: true },
};

const generatedAt = new Date('2025-03-05T15:00:00.000Z');

async function pdfText(buffer: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(buffer));
  const { text } = await extractText(pdf, { mergePages: true });
  return { text, numPages: pdf.numPages };
}

/** A small RFC 4180 parser, enough to read our own output back. */
function parseCsv(input: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < input.length; i++) {
    const char = input[i];
    if (quoted) {
      if (char === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && input[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

function csvRecords(cart: CartView, format: (typeof csvFormats)[number]) {
  const csv = renderQuoteCsv(cart, format);
  const [header, ...rows] = parseCsv(csv.slice(1));
  return {
    csv,
    header,
    rows: rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]]))),
  };
}

describe('renderQuotePdf', () => {
  it('renders the cart with supplier names', async () => {
    const buffer = await renderQuotePdf(fixture, { showSupplier: true, generatedAt });
    expect(buffer.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const { text } = await pdfText(buffer);
    expect(text).toContain('Hedgerow Quote');
    expect(text).toContain('Q-100001');
    expect(text).toContain('Spring Planting');
    expect(text).toContain('Acme Landscaping');
    expect(text).toContain('Dana Buyer');
    expect(text).toContain('J-42');
    expect(text).toContain('Green Leaf Eugene');
    expect(text).toContain('Oak Hollow Growers');
    expect(text).toContain('Boxwood');
    expect(text).toContain('Buxus sempervirens');
    expect(text).toContain('$1,234.56');
    expect(text).toContain('$1,308.63');
    expect(text).toContain('$554.78');
    expect(text).toContain('Purchase Discount');
    expect(text).not.toContain('Standard Pricing');
    expect(text).toContain('Call for price');
    expect(text).toContain('Notes');
    expect(text).toContain('Deliver to the north gate.');
    expect(text).toContain('Client wants a second bid.');
    expect(text).toContain('Prices are estimates until the supplier confirms the order.');
  });

  it('hides supplier names when asked', async () => {
    const buffer = await renderQuotePdf(fixture, { showSupplier: false, generatedAt });
    const { text } = await pdfText(buffer);
    for (const name of ['Green Leaf', 'Oak Hollow', 'Nursery Road']) expect(text).not.toContain(name);
    expect(text).toContain('Supplier 1');
    expect(text).toContain('Supplier 2');
    expect(text).toContain('Boxwood');
    expect(text).toContain('$1,234.56');
  });

  it('paginates a long cart', async () => {
    const items = Array.from({ length: 500 }, (_, i) =>
      item({
        id: i + 1,
        branchId: i % 2 === 0 ? greenLeaf.id : oakHollow.id,
        name: `Plant number ${i + 1} with a fairly long descriptive name that has to wrap inside its column`,
        secondaryName: 'Genus species cultivar',
        quantity: 5,
        price: {
          base: 1000,
          value: 1000,
          category: 'Standard Pricing',
          pricingType: 'STANDARD_PRICING',
          quantityMin: 1,
        },
        buyerTotal: 5000,
      }),
    );
    const buffer = await renderQuotePdf({ ...fixture, items }, { showSupplier: true, generatedAt });
    const { text, numPages } = await pdfText(buffer);
    expect(numPages).toBeGreaterThan(10);
    expect(text).toContain('(continued)');
    expect(text).toContain('Plant number 500');
  });
});

describe('renderQuoteCsv', () => {
  it('writes a BOM, CRLF line ends and RFC 4180 quoting', () => {
    const csv = renderQuoteCsv(fixture, 'BUYER_CSV');
    expect(csv.startsWith('\uFEFFLine,Product,')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(csv).toContain('"Maple, Red ""October Glory"""');
    expect(csv.split('\r\n')[1]).toBe(
      '1,"Maple, Red ""October Glory""",Acer rubrum,"2"" cal, B&B, Single stem",10,Each,12.50,Standard Pricing,125.00,Green Leaf Nurseries - Green Leaf Eugene,\'=SUM(A1)',
    );
  });

  it('BUYER_CSV has the buyer columns', () => {
    const { header, rows } = csvRecords(fixture, 'BUYER_CSV');
    expect(header).toEqual([
      'Line',
      'Product',
      'Common Name',
      'Size',
      'Quantity',
      'Unit',
      'Unit Price',
      'Price Type',
      'Total',
      'Supplier',
      'Buyer Notes',
    ]);
    expect(rows.map((row) => row.Line)).toEqual(['1', '2', '3']);
    expect(rows[0].Product).toBe(TRICKY_NAME);
    expect(rows[0]['Unit Price']).toBe('12.50');
    expect(rows[0]['Buyer Notes']).toBe("'=SUM(A1)");
    expect(rows[1]['Price Type']).toBe('Purchase Discount');
    expect(rows[1].Total).toBe('1109.56');
    expect(rows[2]['Unit Price']).toBe('');
    expect(rows[2]['Price Type']).toBe('Call for price');
  });

  it('QUOTE_CSV leaves out suppliers', () => {
    const { csv, header, rows } = csvRecords(fixture, 'QUOTE_CSV');
    expect(header).toEqual([
      'Line',
      'Product',
      'Common Name',
      'Size',
      'Quantity',
      'Unit',
      'Unit Price',
      'Total',
    ]);
    expect(rows).toHaveLength(3);
    for (const name of ['Green Leaf', 'Oak Hollow', 'Nursery Road', 'SUM(A1)'])
      expect(csv).not.toContain(name);
    expect(rows[0].Total).toBe('125.00');
  });

  it('FULL_CSV has everything', () => {
    const { header, rows } = csvRecords(fixture, 'FULL_CSV');
    expect(header).toEqual([
      'Cart Number',
      'Cart Name',
      'Job Number',
      'Phase',
      'Line',
      'Product',
      'Common Name',
      'Size',
      'Characteristics',
      'Quantity',
      'Unit',
      'Book Price',
      'Unit Price',
      'Price Type',
      'Total',
      'Supplier',
      'Branch',
      'Supplier Address',
      'Available Quantity',
      'Buyer Notes',
      'Shared Notes',
      'Non-catalog',
    ]);
    expect(rows[0]).toMatchObject({
      'Cart Number': 'Q-100001',
      'Cart Name': 'Spring Planting',
      'Job Number': 'J-42',
      Size: '2" cal',
      Characteristics: 'B&B, Single stem',
      'Book Price': '12.50',
      Supplier: 'Green Leaf Nurseries',
      Branch: 'Green Leaf Eugene',
      'Supplier Address': '1100 Nursery Road, Springfield, OR 97477',
      'Available Quantity': '40',
      'Buyer Notes': "'=SUM(A1)",
      'Shared Notes': 'Tag each tree',
      'Non-catalog': 'No',
    });
    expect(rows[1]).toMatchObject({
      'Book Price': '616.42',
      'Unit Price': '554.78',
      'Available Quantity': 'Not counted',
    });
    expect(rows[2]).toMatchObject({
      'Available Quantity': '',
      'Non-catalog': 'Yes',
      Supplier: 'Oak Hollow Growers',
    });
  });

  it('guards every formula-like text cell', () => {
    const cart: CartView = {
      ...fixture,
      items: [
        {
          ...fixture.items[0],
          name: '+1 Boxwood',
          secondaryName: '-cmd',
          buyerNotes: '@risk',
          sharedNotes: '\tx',
        },
      ],
    };
    const { rows } = csvRecords(cart, 'FULL_CSV');
    expect(rows[0]).toMatchObject({
      Product: "'+1 Boxwood",
      'Common Name': "'-cmd",
      'Buyer Notes': "'@risk",
      'Shared Notes': "'\tx",
    });
  });
});

describe('quoteFileName', () => {
  it('names the file after the cart', () => {
    expect(quoteFileName(fixture, 'pdf')).toBe('Quote Q-100001 Spring Planting.pdf');
    expect(quoteFileName({ ...fixture, name: 'Café / "North"  Lot: #3' }, 'csv')).toBe(
      'Quote Q-100001 Cafe North Lot 3.csv',
    );
    // Variants of one cart get distinct names.
    expect(quoteFileName(fixture, 'pdf', 'without suppliers')).toBe(
      'Quote Q-100001 Spring Planting - without suppliers.pdf',
    );
    const csvNames = Object.values(csvFileVariants).map((variant) => quoteFileName(fixture, 'csv', variant));
    expect(new Set(csvNames).size).toBe(3);
    expect(csvNames).toContain('Quote Q-100001 Spring Planting - buyer list.csv');
    const long = quoteFileName({ ...fixture, name: 'x'.repeat(300) }, 'pdf');
    expect(long.length).toBe(104);
  });
});
