import { z } from 'zod';
import { listEnvelopeSchema } from '../list-page';
import { discountOperators, pricingTypeNames } from './pricing';
import { stockStates } from './stock';

/**
 * What the catalogue's routes answer: the product page, listings with the caller's prices, branches,
 * the supplier directory, brands and photos. Money in cents; times are ISO strings.
 */

const idSlugName = { id: z.number(), slug: z.string(), name: z.string() };

/** One size of a photo: its address, and the address that fills a square tile. */
const imageSizeSchema = z.object({ url: z.string(), containerFillUrl: z.string() });

/** A picture in the sizes the web shows (part 2 §3 Image). */
export const imageSchema = z
  .object({ url: z.string(), small: imageSizeSchema, mini: imageSizeSchema })
  .meta({ id: 'Image' });

/** The Image entry of part 2 §3, with what the viewer may do with it. */
export const productImageEntrySchema = z
  .object({
    id: z.number(),
    image: imageSchema,
    productName: z.string(),
    pathIdentifier: z.string(),
    supplierId: z.number().nullable(),
    supplierName: z.string().nullable(),
    branchName: z.string().nullable(),
    branchSlug: z.string().nullable(),
    pictureTakenOn: z.string(),
    updatedAt: z.string(),
    public: z.boolean(),
    canRemove: z.boolean(),
  })
  .meta({ id: 'ProductImage' });
export type ProductImageEntry = z.infer<typeof productImageEntrySchema>;

/** `{ results }` of a product's photos. */
export const productImageListSchema = z
  .object({ results: z.array(productImageEntrySchema) })
  .meta({ id: 'ProductImageList' });

/** The product page: names, taxonomy, brand, images, sizes, synonyms and stock (spec part 2 §3). */
export const productPageSchema = z
  .object({
    id: z.number(),
    pathIdentifier: z.string(),
    primaryName: z.string(),
    secondaryName: z.string().nullable(),
    patentName: z.string().nullable(),
    botanicalGenus: z.string().nullable(),
    botanicalSpecies: z.string().nullable(),
    cultivar: z.string().nullable(),
    hardinessZones: z.string().nullable(),
    restricted: z.boolean(),
    description: z.string().nullable(),
    group: z.object({ ...idSlugName, groupType: z.string() }).nullable(),
    family: z.object(idSlugName).nullable(),
    categories: z.array(z.object(idSlugName)),
    categoryNames: z.string(),
    advantages: z.array(z.object(idSlugName)),
    brand: z.object({ ...idSlugName, logoUrl: z.string().nullable() }).nullable(),
    brandLogo: z.array(z.string()),
    /** The product's photos, then its own catalogue image (which has no id) when it has one. */
    productImages: z.array(z.union([productImageEntrySchema, z.object({ image: imageSchema })])),
    variants: z.array(
      z.object({
        id: z.number(),
        size: z.string(),
        container: z.string().nullable(),
        standardContainer: z.string().nullable(),
        sizeInches: z.number().nullable(),
        sizeFeet: z.number().nullable(),
        characteristics: z.array(z.string()),
        unit: z.string(),
      }),
    ),
    availabilityCharacteristicNames: z.string(),
    synonyms: z.array(z.object({ name: z.string(), kind: z.string() })),
    totalSuppliers: z.number(),
    totalAvailable: z.number(),
    ignoreQuantity: z.boolean(),
    unavailable: z.boolean(),
    stockState: z.enum(stockStates),
  })
  .meta({ id: 'ProductPage' });
export type ProductPage = z.infer<typeof productPageSchema>;

/** A quantity break: from `quantityMin` units the unit price is `price` cents. */
export const priceTierSchema = z
  .object({ quantityMin: z.number(), price: z.number() })
  .meta({ id: 'PriceTier' });

/** The caller's unit price for one unit at a listing: the tier price and their best discount. */
export const listingPriceSchema = z
  .object({
    base: z.number(),
    value: z.number(),
    category: z.string(),
    pricingType: z.enum(pricingTypeNames),
    discount: z
      .object({ operator: z.enum(discountOperators), value: z.number(), category: z.string() })
      .nullable(),
  })
  .meta({ id: 'ListingPrice' });

/** One supplier branch's listing of a product size, with the caller's price when they may see it. */
export const availabilitySchema = z
  .object({
    id: z.number(),
    branchId: z.number(),
    productId: z.number(),
    productVariantId: z.number(),
    product: z.object({
      id: z.number(),
      pathIdentifier: z.string(),
      primaryName: z.string(),
      secondaryName: z.string().nullable(),
      patentName: z.string().nullable(),
    }),
    branch: z.object({ ...idSlugName, state: z.string().nullable() }),
    /** Miles from the caller's postal code, when one was given. */
    distance: z.number().nullable(),
    size: z.string(),
    unit: z.string(),
    characteristics: z.array(z.string()),
    quantity: z.number(),
    ignoreQuantity: z.boolean(),
    available: z.boolean(),
    fieldStatus: z.string().nullable(),
    priceTiers: z.array(priceTierSchema).nullable(),
    price: listingPriceSchema.nullable(),
    updatedAt: z.string(),
    stale: z.boolean(),
  })
  .meta({ id: 'Availability' });
export type Availability = z.infer<typeof availabilitySchema>;

/** A supplier branch with its address and map position. */
export const branchSchema = z
  .object({
    id: z.number(),
    organizationId: z.number(),
    name: z.string(),
    slug: z.string(),
    address: z
      .object({
        street1: z.string(),
        street2: z.string().nullable(),
        city: z.string().nullable(),
        state: z.string().nullable(),
        postalCode: z.string().nullable(),
        country: z.string().nullable(),
        phone: z.string().nullable(),
      })
      .nullable(),
    displayAddress: z.string().nullable(),
    logo: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    notices: z.string().nullable(),
    sellsOnline: z.boolean(),
    isPrimary: z.boolean(),
    /** Miles from the postal code searched near; absent when no postal code was given. */
    distance: z.number().optional(),
  })
  .meta({ id: 'Branch' });
export type Branch = z.infer<typeof branchSchema>;

/** The caller's favourite branches after one was added. */
export const favoriteBranchesSchema = z
  .object({ branchId: z.number(), favoriteBranchIds: z.array(z.number()) })
  .meta({ id: 'FavoriteBranches' });

/** One branch in the supplier directory. */
export const supplierDirectoryEntrySchema = z
  .object({
    id: z.number(),
    organizationId: z.number(),
    organizationName: z.string(),
    name: z.string(),
    slug: z.string(),
    displayAddress: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    postalCode: z.string().nullable(),
    logo: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    sellsOnline: z.boolean(),
    productCount: z.number(),
    distance: z.number().nullable(),
  })
  .meta({ id: 'SupplierDirectoryEntry' });

/** A state with supplier branches, for the directory's state filter. */
export const supplierStateSchema = z
  .object({ state: z.string(), name: z.string(), branchCount: z.number() })
  .meta({ id: 'SupplierState' });

/** A branch's pin on the supplier map. */
export const branchPinSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    organizationName: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    latitude: z.number(),
    longitude: z.number(),
  })
  .meta({ id: 'BranchPin' });

/** A brand with how many products it has. */
export const brandSchema = z
  .object({
    ...idSlugName,
    logoUrl: z.string().nullable(),
    description: z.string().nullable(),
    productCount: z.number(),
  })
  .meta({ id: 'Brand' });

/** A supplier (organisation) that carries a brand. */
export const brandSupplierSchema = z
  .object({
    organizationId: z.number(),
    slug: z.string(),
    name: z.string(),
    branchCount: z.number(),
    productCount: z.number(),
  })
  .meta({ id: 'BrandSupplier' });

/** What a brand page shows of each product. */
const productCardShape = {
  id: z.number(),
  pathIdentifier: z.string(),
  primaryName: z.string(),
  secondaryName: z.string().nullable(),
  imageUrl: z.string().nullable(),
  categoryNames: z.string(),
};

/** A brand, its suppliers and one page of its products. */
export const brandPageSchema = brandSchema
  .extend({
    suppliers: z.array(brandSupplierSchema),
    products: listEnvelopeSchema(
      z.object({ ...productCardShape, totalSuppliers: z.number() }).meta({ id: 'BrandProduct' }),
    ),
  })
  .meta({ id: 'BrandPage' });

/** A brand as one supplier carries it: the supplier's branches listing it and a page of its products. */
export const supplierBrandPageSchema = brandSchema
  .extend({
    supplier: brandSupplierSchema,
    branches: z.array(
      z.object({
        ...idSlugName,
        displayAddress: z.string().nullable(),
        stateCode: z.string().nullable(),
        productCount: z.number(),
      }),
    ),
    products: listEnvelopeSchema(
      z
        .object({
          ...productCardShape,
          stock: z.object({
            supplierCount: z.number(),
            totalAvailable: z.number(),
            ignoreQuantity: z.boolean(),
          }),
        })
        .meta({ id: 'SupplierBrandProduct' }),
    ),
  })
  .meta({ id: 'SupplierBrandPage' });
