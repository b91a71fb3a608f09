import { z } from 'zod';
import { accountEmailSchema } from './sign-in-schema';

/** The footer's newsletter sign-up. */
export const newsletterSignupSchema = z.object({ email: accountEmailSchema });

export const newsletterDuplicateMessage = 'This email is already signed up for our newsletter.';
export const newsletterSuccessMessage = "Thanks! You're signed up for our newsletter.";

/** A stored newsletter subscription. */
export const newsletterSubscriptionSchema = z
  .object({ id: z.number(), email: z.string() })
  .meta({ id: 'NewsletterSubscription' });
