import { load } from './support/load';
import { signInToken } from './support/server';
const url = 'http://127.0.0.1:4555';
const which = process.argv[2] ?? 'full';
const full = [
  'query=maple&available=true&standardContainer[]=B%26B',
  'query=hydrangea&available=true&standardContainer[]=Container',
  'query=oak&fieldStatus[]=Ready&categories[]=Shade%20Tree',
  'query=boxwood&available=true&container[]=%233',
  'query=holly&quantity=10&fieldStatus[]=Ready',
  'query=juniper&available=true&categories[]=Evergreen%20Shrub',
  'query=hosta&available=true&fieldStatus[]=Ready',
  'query=grass&quantity=25&standardContainer[]=Container',
  'query=dogwood&available=true&fieldStatus[]=Ready',
  'query=arborvitae&available=true&standardContainer[]=B%26B',
].map((q) => `/api/v1/products/search?pageName=Product%20Search&${q}`);
const header = ['maple','quercus rubra','quercs rubra','october glory','limelight hydrangea','limelite','green giant','arborvitae','boxwood','green velvet boxwood #3','red oak','river birch','knock out rose','crape myrtle','hosta','juniper','hydrang','switchgrass','little bluestem','coneflower','sedum spectabile','redbud','dogwood','magnolia little gem','holly','nandina','spruce','mulch','flagstone','catmint'].map((q) => `/api/v1/products/search?perPage=10&pageName=Header%20Search&query=${encodeURIComponent(q)}`);
const token = await signInToken(url, 'buyer@demo.hedgerow.test', 'hedgerow-demo');
const headers = { authorization: `Bearer ${token}` };
const paths = which === 'full' ? full : header;
await load({ url, connections: 20, durationSeconds: 2, headers, paths });
for (let i = 0; i < Number(process.argv[3] ?? 1); i++)
  console.log(which, await load({ url, connections: 20, durationSeconds: 10, headers, paths }));
