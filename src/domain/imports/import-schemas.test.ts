import { describe, expect, it } from 'vitest';
import {
  guessAvailabilityMapping,
  guessGreenGoodsMapping,
  guessHardGoodsMapping,
  guessProductMappingMapping,
} from './import-schemas';

describe('guessing the columns of a catalogue file', () => {
  it('finds the green goods columns of the trade plant list', () => {
    expect(
      guessGreenGoodsMapping([
        'botanical_name',
        'cultivar',
        'trade_name',
        'common_name',
        'category',
        'sizes',
        'hardiness_zones',
      ]),
    ).toEqual({ botanicalName: 0, cultivar: 1, tradeNames: 2, patent: null, commonNames: 3, sizes: 5 });
    expect(guessGreenGoodsMapping(['Plant', 'Variety', 'Patent #', 'Common Name', 'Size'])).toEqual({
      botanicalName: 0,
      cultivar: 1,
      tradeNames: null,
      patent: 2,
      commonNames: 3,
      sizes: 4,
    });
  });

  it('finds the hard goods columns, the name last so "Brand name" stays the brand', () => {
    expect(guessHardGoodsMapping(['name', 'category', 'unit', 'sizes_or_variants', 'notes'])).toEqual({
      brand: null,
      category: 1,
      unit: 2,
      sizes: 3,
      name: 0,
    });
    expect(guessHardGoodsMapping(['Brand name', 'Product name', 'Unit'])).toMatchObject({
      brand: 0,
      name: 1,
    });
  });

  it("tells a supplier's columns from the catalogue's in a product mapping file", () => {
    expect(
      guessProductMappingMapping([
        'Supplier SKU',
        'Supplier name',
        'Size',
        'Catalogue product',
        'Catalogue size',
      ]),
    ).toEqual({ catalogProduct: 3, catalogSize: 4, sku: 0, name: 1, size: 2 });
  });

  it('keeps the availability guess as it was', () => {
    expect(guessAvailabilityMapping(['SKU', 'Plant', 'Size', 'Qty', 'Price'])).toMatchObject({
      sku: 0,
      name: 1,
      size: 2,
      quantity: 3,
      price: 4,
    });
  });
});
