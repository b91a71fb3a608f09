/** Where text messages go: Twilio's REST API, or the labelled sandbox that keeps them in the outbox. */
export type SmsProvider = {
  name: 'twilio' | 'sandbox';
  /** Sends one text; throws with the provider's reason when it refuses (the delivery job retries). */
  send(message: { to: string; body: string }): Promise<void>;
};

/** Twilio's Messages API over fetch (no SDK): https://www.twilio.com/docs/messaging/api/message-resource */
export class TwilioSmsProvider implements SmsProvider {
  readonly name = 'twilio';

  constructor(
    private readonly settings: {
      accountSid: string;
      authToken: string;
      from: string;
      /** The API's base URL; tests point it at a local server. */
      baseUrl?: string;
    },
  ) {}

  async send(message: { to: string; body: string }) {
    const { accountSid, authToken, from } = this.settings;
    const base = this.settings.baseUrl ?? 'https://api.twilio.com';
    const response = await fetch(
      `${base}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ To: toE164(message.to), From: from, Body: message.body }),
        signal: AbortSignal.timeout(15_000),
      },
    );
    if (!response.ok) {
      const detail = (await response.json().catch(() => null)) as { message?: string; code?: number } | null;
      throw new Error(`Twilio answered ${response.status}: ${detail?.message ?? response.statusText}`);
    }
  }
}

/**
 * The offline default: nothing leaves the building; the text stays in Beehive's outbox, labelled
 * 'sandbox', so staff (and tests) see exactly what would have been sent.
 */
export class SandboxSmsProvider implements SmsProvider {
  readonly name = 'sandbox';
  async send() {}
}

/** A stored contact number (10 digits) as Twilio wants it. */
export const toE164 = (digits: string) => (digits.startsWith('+') ? digits : `+1${digits}`);

/** Twilio when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER are all set, else the sandbox. */
export function createSmsProvider(settings: {
  twilioAccountSid?: string;
  twilioAuthToken?: string;
  twilioFromNumber?: string;
}): SmsProvider {
  const { twilioAccountSid, twilioAuthToken, twilioFromNumber } = settings;
  if (twilioAccountSid && twilioAuthToken && twilioFromNumber) {
    return new TwilioSmsProvider({
      accountSid: twilioAccountSid,
      authToken: twilioAuthToken,
      from: twilioFromNumber,
    });
  }
  return new SandboxSmsProvider();
}
