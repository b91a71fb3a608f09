import { count } from 'drizzle-orm';
import type { Db } from '../../core/database';
import * as support from '../../modules/support/support.service';
import { supportRequests } from '../../modules/support/support.tables';

const requests = [
  {
    name: 'Jordan Pike',
    email: 'jordan@pikeoutdoor.example',
    phone: '(980) 555-0134',
    subject: 'Freight quote for a Friday delivery',
    body: 'We need 40 Knock Out roses and 12 river birch delivered to a site in Matthews by Friday.\nCan you tell us what freight would cost?',
  },
  {
    name: 'Elena Brooks',
    email: 'elena@brookslandscape.example',
    subject: 'Cannot find my invoice',
    body: 'Order 10482 was delivered last week but I do not see an invoice on the order page. Could you resend it?',
  },
  {
    name: 'Sam Ortiz',
    email: 'sam@ortizbuilders.example',
    subject: 'Becoming a buyer',
    body: 'We build about 30 homes a year around Raleigh. How do we open a trade account?',
  },
];

/** A few questions waiting in Beehive's support queue, sent through the Contact Us service. */
export async function seedDemoSupportRequests(db: Db) {
  const [{ total }] = await db.select({ total: count() }).from(supportRequests);
  if (total > 0) return;
  for (const input of requests) await support.createSupportRequest({ db }, null, input, null);
}
