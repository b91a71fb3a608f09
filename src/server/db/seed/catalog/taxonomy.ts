/**
 * The demo catalogue's shelves and labels, and the rules that file a plant under them. Plant facts
 * here (habit by genus, advantages) are general horticultural knowledge applied by genus or species:
 * good enough for a demo catalogue, not a reference.
 */

export type GroupSeed = {
  slug: string;
  name: string;
  groupType: 'GREEN_GOOD' | 'HARD_GOOD';
  position: number;
};

export const productGroupSeeds: GroupSeed[] = [
  { slug: 'trees', name: 'Trees', groupType: 'GREEN_GOOD', position: 1 },
  { slug: 'shrubs', name: 'Shrubs', groupType: 'GREEN_GOOD', position: 2 },
  { slug: 'perennials-grasses', name: 'Perennials & Grasses', groupType: 'GREEN_GOOD', position: 3 },
  { slug: 'groundcovers-vines', name: 'Groundcovers & Vines', groupType: 'GREEN_GOOD', position: 4 },
  { slug: 'landscape-supplies', name: 'Landscape Supplies', groupType: 'HARD_GOOD', position: 5 },
  { slug: 'hardscape', name: 'Hardscape', groupType: 'HARD_GOOD', position: 6 },
  {
    slug: 'irrigation-turf',
    name: 'Irrigation, Turf & Erosion Control',
    groupType: 'HARD_GOOD',
    position: 7,
  },
];

export type PlantCategory =
  | 'Shade Tree'
  | 'Evergreen Tree'
  | 'Ornamental Tree'
  | 'Palm'
  | 'Deciduous Shrub'
  | 'Evergreen Shrub'
  | 'Perennial'
  | 'Ornamental Grass'
  | 'Fern'
  | 'Succulent'
  | 'Groundcover'
  | 'Vine';

/** Every category with the group its products shelve under; plants first, in the order tiles list them. */
export const categorySeeds: { name: string; group: string; hardGood: boolean }[] = [
  { name: 'Shade Tree', group: 'trees', hardGood: false },
  { name: 'Evergreen Tree', group: 'trees', hardGood: false },
  { name: 'Ornamental Tree', group: 'trees', hardGood: false },
  { name: 'Palm', group: 'trees', hardGood: false },
  { name: 'Deciduous Shrub', group: 'shrubs', hardGood: false },
  { name: 'Evergreen Shrub', group: 'shrubs', hardGood: false },
  { name: 'Perennial', group: 'perennials-grasses', hardGood: false },
  { name: 'Ornamental Grass', group: 'perennials-grasses', hardGood: false },
  { name: 'Fern', group: 'perennials-grasses', hardGood: false },
  { name: 'Succulent', group: 'perennials-grasses', hardGood: false },
  { name: 'Groundcover', group: 'groundcovers-vines', hardGood: false },
  { name: 'Vine', group: 'groundcovers-vines', hardGood: false },
  { name: 'Mulch', group: 'landscape-supplies', hardGood: true },
  { name: 'Soil & Amendments', group: 'landscape-supplies', hardGood: true },
  { name: 'Aggregate', group: 'landscape-supplies', hardGood: true },
  { name: 'Boulders & Stone', group: 'landscape-supplies', hardGood: true },
  { name: 'Flagstone', group: 'hardscape', hardGood: true },
  { name: 'Pavers', group: 'hardscape', hardGood: true },
  { name: 'Wall Block', group: 'hardscape', hardGood: true },
  { name: 'Edging', group: 'hardscape', hardGood: true },
  { name: 'Irrigation', group: 'irrigation-turf', hardGood: true },
  { name: 'Sod', group: 'irrigation-turf', hardGood: true },
  { name: 'Seed', group: 'irrigation-turf', hardGood: true },
  { name: 'Landscape Fabric & Erosion Control', group: 'irrigation-turf', hardGood: true },
];

export const advantageSeeds = [
  { slug: 'native', name: 'Native' },
  { slug: 'deer-resistant', name: 'Deer Resistant' },
  { slug: 'drought-tolerant', name: 'Drought Tolerant' },
  { slug: 'pollinator-friendly', name: 'Pollinator Friendly' },
  { slug: 'salt-tolerant', name: 'Salt Tolerant' },
] as const;

// Made-up brands (no real trademarks) for manufactured and bagged hard goods.
export const brandSeeds: { slug: string; name: string; products: string[] }[] = [
  {
    slug: 'ridgeway-hardscapes',
    name: 'Ridgeway Hardscapes',
    products: [
      'Holland Stone Concrete Paver (4x8)',
      'Tumbled Cobble Concrete Paver (3-Piece)',
      'Large-Format Concrete Slab Paver',
      'Permeable Interlocking Concrete Paver',
      'Segmental Retaining Wall Block',
      'Freestanding Wall Block',
      'Wall Cap',
      'Fire Pit Kit',
    ],
  },
  {
    slug: 'clearwater-irrigation',
    name: 'Clearwater Irrigation',
    products: [
      'Inline Drip Emitter Tubing',
      'Pressure-Compensating Drip Emitters',
      'Drip Zone Control Kit',
      'Pop-Up Spray Heads',
      'Rotor Sprinkler Heads',
      'Irrigation Control Valves',
      'Irrigation Controllers',
    ],
  },
  {
    slug: 'field-and-furrow',
    name: 'Field & Furrow',
    products: [
      'Shredded Hardwood Mulch, Bagged',
      'Cypress Mulch',
      'Polymeric Jointing Sand',
      'Pelletized Gypsum',
    ],
  },
  {
    slug: 'ironline-edging',
    name: 'Ironline Edging',
    products: ['Steel Landscape Edging', 'Aluminum Landscape Edging', 'Paver Edge Restraint'],
  },
  {
    slug: 'meadowmark-seed',
    name: 'Meadowmark Seed Co.',
    products: [
      'Sun and Shade Lawn Seed Mix',
      'Turf-Type Tall Fescue Seed Blend',
      'Kentucky Bluegrass Seed Blend',
      'Perennial Ryegrass Seed',
      'Hulled Bermudagrass Seed',
      'Native Pollinator Wildflower Mix',
      'Native Meadow Grass Mix',
    ],
  },
];

const list = (text: string) => text.trim().split(/\s+/);

/** Genera sold widely by native and wholesale nurseries that trade-plants.csv does not list, by habit. */
export const curatedGenusCategories: Record<string, PlantCategory> = Object.fromEntries([
  ...list(`Symphyotrichum Solidago Eutrochium Asclepias Liatris Monarda Penstemon Pycnanthemum Vernonia Silphium
    Helianthus Zizia Packera Chelone Lobelia Mertensia Polemonium Eryngium Ratibida Veronicastrum Physostegia
    Tradescantia Aquilegia Iris Allium Oenothera Verbena Verbesina Boltonia Helenium Coreopsis Gaillardia Lupinus
    Dalea Erigeron Anemone Campanula Viola Trillium Podophyllum Sanguinaria Uvularia Polygonatum Maianthemum Actaea
    Spigelia Stokesia Thalictrum Geum Callirhoe Sidalcea Sphaeralcea Eriogonum Agastache Mimulus Calylophus
    Melampodium Amsonia Baptisia Echinacea Rudbeckia Heuchera Hibiscus Sisyrinchium Lilium Hymenocallis Crinum
    Kosteletzkya Pontederia Sagittaria Saururus Acorus Coreopsis Arnoglossum Parthenium Senna Hypericum Salvia
    Gentiana Castilleja Hesperis Dicentra Phlox Tiarella Aruncus Filipendula Lysimachia Doellingeria Ionactis
    Eurybia Oclemena Sericocarpus Conoclinium Euthamia Oligoneuron Blephilia Agalinis Ruellia Hexalectris
    Echinops Gaura Hylotelephium Scutellaria Stachys Teucrium Prunella Hydrophyllum Phacelia Collinsia Claytonia Sedum`).map(
    (genus) => [genus, 'Perennial' as const],
  ),
  ...list(`Asarum Waldsteinia Fragaria Antennaria Chrysogonum Mitchella Gaultheria Pachysandra Ajuga Houstonia
    Linnaea Mazus Dichondra Lippia Phyla Frankenia`).map((genus) => [genus, 'Groundcover' as const]),
  ...list(`Schizachyrium Andropogon Sorghastrum Sporobolus Bouteloua Elymus Chasmanthium Juncus Scirpus Eleocharis
    Tridens Eragrostis Koeleria Festuca Deschampsia Leymus Nassella Achnatherum Spartina Uniola Ammophila
    Dichanthelium Cyperus Rhynchospora Bolboschoenus Schoenoplectus Typha Hystrix Danthonia Aristida Hesperostipa
    Pascopyrum Bothriochloa Digitaria Paspalum Muhlenbergia Carex Panicum Calamagrostis Luzula Glyceria Distichlis`).map(
    (genus) => [genus, 'Ornamental Grass' as const],
  ),
  ...list(`Osmunda Osmundastrum Onoclea Matteuccia Athyrium Dryopteris Polystichum Adiantum Woodwardia Thelypteris
    Dennstaedtia Asplenium Cystopteris Woodsia Polypodium Pteridium Blechnum Cyrtomium Equisetum Phegopteris
    Gymnocarpium Pellaea Cheilanthes Nephrolepis`).map((genus) => [genus, 'Fern' as const]),
  ...list(`Cephalanthus Sambucus Lindera Rhus Ribes Vaccinium Gaylussacia Symphoricarpos Diervilla Comptonia Ptelea
    Calycanthus Corylus Salix Rubus Physocarpus Aronia Clethra Itea Fothergilla Callicarpa Philadelphus Amorpha
    Dasiphora Cotinus Baccharis Forestiera Shepherdia Purshia Atriplex Ericameria Chrysothamnus Fallugia
    Cercocarpus Frangula Viburnum Spiraea Hamamelis Euonymus Lonicera Rosa Alnus Dirca Staphylea Neviusia
    Xanthorhiza Zanthoxylum Eubotrys Lyonia Rhododendron Ceanothus Hydrangea Ilex Sorbaria`).map((genus) => [
    genus,
    'Deciduous Shrub' as const,
  ]),
  ...list(`Kalmia Leucothoe Mahonia Garrya Larrea Leucophyllum Myrica Morella Arctostaphylos Taxus Illicium
    Agarista Pieris Rhapidophyllum Serenoa Cliftonia Cyrilla 
    Osmanthus Ternstroemia Buxus `).map((genus) => [genus, 'Evergreen Shrub' as const]),
  ...list(`Quercus Carya Juglans Celtis Populus Fraxinus Tilia Ulmus Platanus Betula Fagus Liriodendron Liquidambar
    Nyssa Gymnocladus Catalpa Robinia Gleditsia Diospyros Sassafras Taxodium Metasequoia Maclura Morus Castanea
    Aesculus Acer`).map((genus) => [genus, 'Shade Tree' as const]),
  ...list(`Pinus Picea Abies Tsuga Thuja Juniperus Chamaecyparis Cupressus Calocedrus Pseudotsuga Sequoia
    Sequoiadendron Torreya Larix Hesperocyparis Callitropsis Magnolia`).map((genus) => [
    genus,
    'Evergreen Tree' as const,
  ]),
  ...list(`Cercis Cornus Amelanchier Crataegus Malus Prunus Chionanthus Halesia Oxydendrum Asimina Carpinus Ostrya
    Cladrastis Chilopsis Vitex Parkinsonia Prosopis Sorbus Styrax Franklinia Stewartia Lagerstroemia 
    Aralia Sapindus Ungnadia Ebenopsis Leucaena Cercidium Olneya`).map((genus) => [
    genus,
    'Ornamental Tree' as const,
  ]),
  ...list(`Sabal Serenoa Washingtonia Phoenix Rhapidophyllum Roystonea Thrinax Coccothrinax Pseudophoenix Brahea
    Butia Trachycarpus Chamaerops Livistona Syagrus`).map((genus) => [genus, 'Palm' as const]),
  ...list(`Opuntia Agave Yucca Echeveria Dudleya Hesperaloe Dasylirion Nolina Aloe Cylindropuntia Echinocereus
    Ferocactus Mammillaria Escobaria Coryphantha Echinocactus Carnegiea Fouquieria Manfreda Delosperma
    Sclerocactus Pediocactus Thelocactus Ancistrocactus Grusonia`).map((genus) => [
    genus,
    'Succulent' as const,
  ]),
  ...list(`Campsis Bignonia Wisteria Parthenocissus Vitis Clematis Gelsemium Passiflora Aristolochia Celastrus
    Decumaria Menispermum Smilax Trachelospermum Ipomoea Apios Mikania Lathyrus`).map((genus) => [
    genus,
    'Vine' as const,
  ]),
]);

/** When neither the trade list nor the curated genera know a genus: its botanical family's usual habit. */
export const familyCategories: Record<string, PlantCategory> = Object.fromEntries([
  ...list('Poaceae Cyperaceae Juncaceae Typhaceae').map((f) => [f, 'Ornamental Grass' as const]),
  ...list('Pinaceae Cupressaceae Taxaceae Taxodiaceae Araucariaceae Podocarpaceae').map((f) => [
    f,
    'Evergreen Tree' as const,
  ]),
  ...list(
    'Fagaceae Juglandaceae Ulmaceae Aceraceae Platanaceae Tiliaceae Betulaceae Magnoliaceae Hamamelidaceae',
  ).map((f) => [f, 'Shade Tree' as const]),
  ...list('Arecaceae').map((f) => [f, 'Palm' as const]),
  ...list('Cactaceae Crassulaceae Agavaceae Aizoaceae Aloaceae Nolinaceae Fouquieriaceae').map((f) => [
    f,
    'Succulent' as const,
  ]),
  ...list(`Dryopteridaceae Pteridaceae Aspleniaceae Polypodiaceae Ophioglossaceae Osmundaceae Blechnaceae Thelypteridaceae
    Dennstaedtiaceae Woodsiaceae Lygodiaceae Schizaeaceae Marsileaceae Hymenophyllaceae Azollaceae Salviniaceae
    Isoetaceae Selaginellaceae Lycopodiaceae Equisetaceae Psilotaceae Vittariaceae Grammitidaceae Gleicheniaceae
    Cyatheaceae Dicksoniaceae Nephrolepidaceae Davalliaceae Lomariopsidaceae Onocleaceae`).map((f) => [
    f,
    'Fern' as const,
  ]),
  ...list(`Ericaceae Rhamnaceae Grossulariaceae Caprifoliaceae Hydrangeaceae Anacardiaceae Rosaceae Salicaceae
    Elaeagnaceae Myricaceae Celastraceae Aquifoliaceae Calycanthaceae Clethraceae Adoxaceae Sambucaceae Zygophyllaceae`).map(
    (f) => [f, 'Deciduous Shrub' as const],
  ),
  ...list('Vitaceae Bignoniaceae Aristolochiaceae Passifloraceae Menispermaceae Smilacaceae').map((f) => [
    f,
    'Vine' as const,
  ]),
]);

const species = (text: string) =>
  new Set(
    text
      .split(';')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );

// Genera whose US species are (nearly) all native, and species known native in mixed genera.
// Hybrids (' x ') are never tagged Native; EXOTIC_SPECIES overrides the genus rule.
const nativeGenera = new Set(
  list(`Symphyotrichum Solidago Eutrochium Asclepias Liatris Monarda Penstemon Pycnanthemum Vernonia Silphium Zizia
    Packera Chelone Mertensia Polemonium Ratibida Veronicastrum Physostegia Tradescantia Baptisia Amsonia Heuchera
    Phlox Echinacea Rudbeckia Coreopsis Gaillardia Dalea Boltonia Helenium Stokesia Spigelia Tiarella Chrysogonum
    Mitchella Antennaria Schizachyrium Andropogon Sorghastrum Sporobolus Bouteloua Chasmanthium Muhlenbergia Tridens
    Uniola Spartina Carya Nyssa Liquidambar Liriodendron Taxodium Sassafras Oxydendrum Halesia Amelanchier Aronia Itea
    Clethra Fothergilla Cephalanthus Lindera Calycanthus Ceanothus Arctostaphylos Diervilla Physocarpus
    Symphoricarpos Vaccinium Gaylussacia Kalmia Morella Baccharis Asimina Gymnocladus Celtis Ostrya Tsuga Sabal
    Serenoa Rhapidophyllum Washingtonia Yucca Agave Hesperaloe Dasylirion Nolina Opuntia Echinocereus Ferocactus
    Mammillaria Fouquieria Manfreda Dudleya Eriogonum Ericameria Chrysothamnus Fallugia Cercocarpus Larrea
    Leucophyllum Chilopsis Parkinsonia Prosopis Campsis Bignonia Gelsemium Decumaria Parthenocissus Osmunda
    Osmundastrum Onoclea Matteuccia Woodwardia Dennstaedtia Polystichum Conoclinium Euthamia Eurybia Doellingeria
    Callirhoe Sidalcea Sphaeralcea Calylophus Hymenocallis Kosteletzkya Pontederia Saururus Xanthorhiza Dirca Hystrix`),
);

const nativeSpecies =
  species(`Acer rubrum; Acer saccharum; Acer saccharinum; Acer negundo; Acer x freemanii; Betula nigra;
    Betula papyrifera; Cornus florida; Cornus sericea; Cornus alternifolia; Cornus amomum; Cercis canadensis;
    Cercis canadensis var. texensis; Ilex opaca; Ilex glabra; Ilex verticillata; Ilex vomitoria; Ilex decidua;
    Magnolia grandiflora; Magnolia virginiana; Magnolia acuminata; Pinus strobus; Pinus taeda; Pinus palustris;
    Pinus virginiana; Pinus ponderosa; Pinus resinosa; Pinus echinata; Viburnum dentatum; Viburnum trilobum;
    Viburnum nudum; Viburnum prunifolium; Viburnum rufidulum; Viburnum acerifolium; Hydrangea arborescens;
    Hydrangea quercifolia; Ulmus americana; Platanus occidentalis; Picea glauca; Picea pungens; Picea glauca var. densata;
    Prunus serotina; Prunus americana; Prunus caroliniana; Juniperus virginiana; Juniperus horizontalis;
    Juniperus scopulorum; Juniperus communis; Rosa setigera; Rosa carolina; Rosa virginiana; Salvia azurea;
    Salvia coccinea; Salvia lyrata; Salvia greggii; Hibiscus moscheutos; Hibiscus coccineus; Sedum ternatum;
    Geranium maculatum; Fraxinus americana; Fraxinus pennsylvanica; Tilia americana; Fagus grandifolia;
    Carpinus caroliniana; Aesculus pavia; Aesculus parviflora; Aesculus glabra; Quercus alba; Quercus rubra;
    Quercus palustris; Quercus phellos; Quercus bicolor; Quercus macrocarpa; Quercus virginiana; Quercus nuttallii;
    Quercus shumardii; Quercus coccinea; Quercus nigra; Quercus lyrata; Quercus muehlenbergii; Quercus imbricaria;
    Quercus falcata; Quercus michauxii; Quercus prinus; Quercus montana; Quercus stellata; Quercus velutina;
    Quercus fusiformis; Quercus texana; Quercus buckleyi; Quercus agrifolia; Quercus lobata; Quercus garryana;
    Gleditsia triacanthos; Gleditsia triacanthos var. inermis; Thuja occidentalis; Thuja plicata;
    Chamaecyparis thyoides; Chamaecyparis nootkatensis; Abies concolor; Abies balsamea; Abies fraseri;
    Pseudotsuga menziesii; Cupressus arizonica; Sequoia sempervirens; Rhododendron maximum; Rhododendron catawbiense;
    Rhododendron calendulaceum; Rhododendron periclymenoides; Rhododendron prinophyllum; Rhododendron viscosum;
    Rhododendron austrinum; Rhododendron canescens; Hamamelis virginiana; Hamamelis vernalis; Lonicera sempervirens;
    Clematis virginiana; Wisteria frutescens; Sambucus canadensis; Sambucus nigra subsp. canadensis;
    Rhus aromatica; Rhus typhina; Rhus copallinum; Rhus glabra; Callicarpa americana; Euonymus americanus;
    Spiraea alba; Spiraea tomentosa; Rubus odoratus; Corylus americana; Salix discolor; Populus tremuloides;
    Populus deltoides; Diospyros virginiana; Crataegus viridis; Crataegus crus-galli; Malus angustifolia;
    Chionanthus virginicus; Carex pensylvanica; Carex appalachica; Carex flacca; Carex plantaginea; Carex stricta;
    Carex vulpinoidea; Carex muskingumensis; Carex grayi; Carex lurida; Carex cherokeensis; Carex texensis;
    Carex radiata; Carex rosea; Carex blanda; Carex eburnea; Panicum virgatum; Panicum amarum; Juncus effusus;
    Juncus tenuis; Iris versicolor; Iris virginica; Iris cristata; Iris fulva; Allium cernuum; Oenothera fruticosa;
    Oenothera speciosa; Oenothera lindheimeri; Gaura lindheimeri; Verbena hastata; Verbena stricta; Lobelia cardinalis;
    Lobelia siphilitica; Aquilegia canadensis; Helianthus angustifolius; Helianthus maximiliani; Helianthus divaricatus;
    Anemone canadensis; Anemone virginiana; Viola sororia; Campanula americana; Thalictrum dioicum;
    Hypericum frondosum; Hypericum prolificum; Hypericum kalmianum; Agastache foeniculum; Actaea racemosa;
    Pachysandra procumbens; Asarum canadense; Fragaria virginiana; Waldsteinia fragarioides; Dryopteris marginalis;
    Dryopteris goldiana; Dryopteris intermedia; Athyrium filix-femina; Adiantum pedatum; Polystichum acrostichoides;
    Thelypteris noveboracensis; Thelypteris kunthii; Taxus canadensis; Zanthoxylum americanum; Ptelea trifoliata;
    Cotinus obovatus; Staphylea trifolia; Cladrastis kentukea; Cladrastis lutea; Halesia tetraptera; Stewartia malacodendron;
    Styrax americanus; Franklinia alatamaha; Pieris floribunda; Leucothoe axillaris; Leucothoe fontanesiana;
    Illicium floridanum; Illicium parviflorum; Mahonia repens; Ilex cassine; Persea palustris; Myrica cerifera;
    Myrica pensylvanica; Acer rubrum var. drummondii; Acer barbatum; Acer floridanum; Acer leucoderme; Acer grandidentatum;
    Acer circinatum; Acer macrophyllum; Acer pensylvanicum; Acer spicatum; Malvaviscus arboreus var. drummondii`);

const exoticSpecies =
  species(`Quercus robur; Quercus acutissima; Quercus cerris; Celtis sinensis; Carya illinoinensis x;
    Yucca aloifolia; Opuntia ficus-indica; Agave americana; Asclepias curassavica; Iris pseudacorus; Phlox drummondii x;
    Washingtonia robusta; Baccharis halimifolia x`);

/** Tells whether a plant is native to the United States, from its botanical name (without the cultivar). */
export function isNative(botanicalName: string): boolean {
  const name = botanicalName.toLowerCase();
  if (/ x |^x /.test(name) && !nativeSpecies.has(name)) return false;
  if (exoticSpecies.has(name)) return false;
  if (nativeSpecies.has(name)) return true;
  const genus = botanicalName.split(' ')[0];
  return nativeGenera.has(genus) && name.split(' ').length >= 2;
}

const deerResistantGenera = new Set(
  list(`Buxus Juniperus Picea Pieris Berberis Mahonia Lavandula Salvia Nepeta Perovskia Agastache Achillea Echinacea
    Rudbeckia Baptisia Amsonia Helleborus Iris Narcissus Allium Monarda Artemisia Stachys Miscanthus Panicum Pennisetum
    Calamagrostis Schizachyrium Carex Sporobolus Muhlenbergia Festuca Yucca Agave Aloe Rosmarinus Cephalotaxus
    Podocarpus Buddleja Potentilla Dasiphora Myrica Morella Ilex Cotinus Spiraea Caryopteris Vitex Pachysandra
    Asclepias Liatris Solidago Coreopsis Gaillardia Heuchera Geranium Veronica Leucanthemum Kniphofia
    Pycnanthemum Eutrochium Vernonia Aronia Callicarpa Lindera Comptonia Sambucus Distylium Osmanthus
    Illicium Cupressus Chamaecyparis Pinus Abies Nandina Cycas Sabal Serenoa Washingtonia Lantana Teucrium
    Calamintha Thymus Origanum Santolina Salvia Rosmarinus Hesperaloe Dasylirion Nolina Opuntia Sedum Hylotelephium`),
);
const droughtTolerantGenera = new Set(
  list(`Juniperus Yucca Agave Aloe Opuntia Echeveria Sedum Perovskia Lavandula Rosmarinus Achillea
    Gaillardia Gaura Oenothera Echinacea Rudbeckia Coreopsis Salvia Nepeta Agastache Asclepias Baptisia
    Schizachyrium Bouteloua Muhlenbergia Sporobolus Panicum Pennisetum Nassella Pinus Cupressus Cercis Lagerstroemia
    Vitex Caryopteris Parkinsonia Chilopsis Leucophyllum Dasylirion Hesperaloe Arctostaphylos Ceanothus Callistemon
    Nerium Bougainvillea Lantana Eriogonum Penstemon Artemisia Stachys Liatris Ratibida Gleditsia Koelreuteria Celtis
    Quercus Prosopis Larrea Fallugia Ericameria Chrysothamnus Cercocarpus Nolina Dudleya Delosperma 
    Myrica Morella Rhus Sabal Washingtonia Phoenix Butia Chamaerops Brahea Trachycarpus Callirhoe Sphaeralcea Calylophus
    Melampodium Zinnia Teucrium Santolina Thymus Euphorbia Phlomis Nandina Loropetalum Pittosporum Rhaphiolepis
    Elaeagnus Punica Ziziphus Cotinus Cupressocyparis `),
);
const pollinatorGenera = new Set(
  list(`Asclepias Echinacea Monarda Agastache Salvia Nepeta Solidago Symphyotrichum Liatris Rudbeckia Coreopsis
    Gaillardia Penstemon Pycnanthemum Eutrochium Vernonia Baptisia Zizia Lavandula Perovskia Buddleja Clethra
    Cephalanthus Itea Abelia Caryopteris Vitex Ceanothus Amelanchier Cercis Malus Prunus Tilia Oxydendrum Vaccinium
    Aronia Viburnum Lantana Verbena Phlox Achillea Allium Sedum Helianthus Silphium Ratibida Veronica
    Veronicastrum Callistemon Heptacodium Hypericum Geranium Calamintha Dalea Conoclinium Physostegia Chelone Lobelia
    Mertensia Polemonium Aquilegia Stokesia Helenium Boltonia Oenothera Gaura Eryngium Spiraea Physocarpus Rhus
    Sambucus Cornus Crataegus Chionanthus Halesia Styrax Magnolia Liriodendron Catalpa Aesculus Robinia Gleditsia
    Diervilla Symphoricarpos Rosa Rubus Ilex Lonicera Campsis Bignonia Passiflora Wisteria Hibiscus Kosteletzkya
    Thymus Origanum Teucrium Leucanthemum Gaillardia Scabiosa Knautia Coreopsis Amsonia Baptisia Tiarella Heuchera
    Eriogonum Fallugia Ericameria Chrysothamnus Leucophyllum Chilopsis Parkinsonia Prosopis Fouquieria`),
);
const saltTolerantGenera = new Set(
  list(`Morella Myrica Baccharis Sabal Serenoa Washingtonia Phoenix Spartina Uniola Ammophila Coccoloba Conocarpus
    Pittosporum Rhaphiolepis Nerium Elaeagnus Yucca Agave Rosmarinus Lantana Gaillardia Iva Borrichia Distichlis
    Chamaerops Butia Trachycarpus Juniperus Hemerocallis Callistemon Kosteletzkya
    Sporobolus Schizachyrium Muhlenbergia Panicum Festuca Leymus Opuntia Aloe Delosperma Carpobrotus Sedum Armeria`),
);
const saltTolerantSpecies =
  species(`Pinus thunbergii; Pinus nigra; Quercus virginiana; Rosa rugosa; Ilex vomitoria;
    Ilex glabra; Clethra alnifolia; Juniperus conferta; Juniperus virginiana; Solidago sempervirens; Prunus maritima;
    Hibiscus moscheutos; Aronia arbutifolia; Gleditsia triacanthos; Gleditsia triacanthos var. inermis; Amelanchier canadensis`);

/** The advantage slugs a plant earns by its botanical name and category. */
export function advantagesFor(botanicalName: string, category: PlantCategory): string[] {
  const genus = botanicalName.split(' ')[0];
  const name = botanicalName.toLowerCase();
  const result: string[] = [];
  if (isNative(botanicalName)) result.push('native');
  if (deerResistantGenera.has(genus) || category === 'Fern' || category === 'Ornamental Grass')
    result.push('deer-resistant');
  if (droughtTolerantGenera.has(genus) || category === 'Succulent' || category === 'Palm')
    result.push('drought-tolerant');
  if (pollinatorGenera.has(genus)) result.push('pollinator-friendly');
  if (saltTolerantGenera.has(genus) || saltTolerantSpecies.has(name)) result.push('salt-tolerant');
  return result;
}

// Plants whose sale is regulated in some states (invasive-plant lists): the catalogue marks them
// restricted, which hides their price (spec part 2 §4).
const restrictedNames = species(`Pyrus calleryana; Berberis thunbergii; Euonymus alatus; Ligustrum sinense;
    Ailanthus altissima; Lythrum salicaria; Celastrus orbiculatus; Lonicera japonica; Lonicera maackii; Rosa multiflora;
    Elaeagnus umbellata; Acer platanoides; Wisteria sinensis; Hedera helix; Vinca minor; Miscanthus sinensis;
    Nandina domestica; Imperata cylindrica; Pueraria montana`);

export function isRestricted(botanicalName: string): boolean {
  return restrictedNames.has(botanicalName.toLowerCase());
}

/**
 * Genera whose PLANTS species are mostly weeds or crops nurseries do not grow (or, like Senecio and
 * Veronica, share a trade genus name with weedy wild species): the demo catalogue skips them when it
 * fills up with USDA species. The large (load-test) scale takes every taxon.
 */
export const weedyGenera = new Set(
  list(`Galium Senecio Veronica Asparagus Euphorbia Solanum Chenopodium Amaranthus Polygonum Rumex Plantago Taraxacum
    Cirsium Carduus Bromus Digitaria Setaria Sonchus Lactuca Brassica Sisymbrium Lepidium Medicago Trifolium Melilotus
    Vicia Stellaria Cerastium Ambrosia Xanthium Conyza Erechtites Cuscuta Poa Lolium Avena Hordeum Triticum Echinochloa
    Cyperus Persicaria Oxalis Portulaca Mollugo Sida Ipomoea Convolvulus Lamium Glechoma Urtica Verbascum Daucus`),
);

/** Species the trade sells under older names that the demo catalogue always carries under PLANTS' name. */
export const featuredSpecies = new Set(
  [
    'Hylotelephium spectabile',
    'Hylotelephium telephium',
    'Hylotelephium telephioides',
    'Eutrochium purpureum',
    'Eutrochium fistulosum',
    'Symphyotrichum oblongifolium',
    'Symphyotrichum novi-belgii',
    'Symphyotrichum cordifolium',
    'Symphyotrichum ericoides',
    'Platanus x hispanica',
    'Schizachyrium scoparium',
    'Sporobolus heterolepis',
    'Chasmanthium latifolium',
    'Morella cerifera',
    'Morella pensylvanica',
  ].map((name) => name.toLowerCase()),
);
