import type { ExportBill, ExportInvoice } from '../../../domain/accounting/qbo-csv';

// The QuickBooks Online adapter (issue 20): OAuth 2 authorisation, vendors found by name, invoices and
// bills pushed through the Accounting API with fetch. Used only when QBO_CLIENT_ID and
// QBO_CLIENT_SECRET are set; its addresses can be pointed elsewhere (tests use a local HTTP server).

export type QuickBooksSettings = {
  clientId: string;
  clientSecret: string;
  environment: 'sandbox' | 'production';
  /** Intuit's addresses; tests replace them. */
  urls?: Partial<QuickBooksUrls>;
};

type QuickBooksUrls = { authorize: string; token: string; api: string };

const intuitUrls = (environment: 'sandbox' | 'production'): QuickBooksUrls => ({
  authorize: 'https://appcenter.intuit.com/connect/oauth2',
  token: 'https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer',
  api:
    environment === 'production'
      ? 'https://quickbooks.api.intuit.com'
      : 'https://sandbox-quickbooks.api.intuit.com',
});

/** A connected company: its id (realm) and a current access token. */
export type QuickBooksCompany = { realmId: string; accessToken: string };

export type QuickBooksTokens = {
  accessToken: string;
  refreshToken: string;
  expiresInSeconds: number;
  /** How long the refresh token lasts (Intuit: about 100 days), when the answer says. */
  refreshExpiresInSeconds: number | null;
};

/** The kinds of record the adapter looks up by their name, and the field that holds it. */
const nameFields = { Vendor: 'DisplayName', Customer: 'DisplayName', Item: 'Name', Account: 'Name' } as const;
export type NamedEntity = keyof typeof nameFields;

/** The API's minor version this adapter is written against. */
export const minorVersion = '75';
export const accountingScope = 'com.intuit.quickbooks.accounting';

/** A failed call to QuickBooks, with its status and the API's own message. */
export class QuickBooksError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A value inside a QuickBooks query's quotes (the query language escapes quotes with a backslash). */
const queryText = (value: string) => value.replace(/\\/g, '\\\\').replace(/'/g, "\\'");

const dollars = (cents: number) => Math.round(cents) / 100;

export class QuickBooksOnline {
  private readonly urls: QuickBooksUrls;

  constructor(private readonly settings: QuickBooksSettings) {
    this.urls = { ...intuitUrls(settings.environment), ...settings.urls };
  }

  /** Where staff are sent to link the company (Intuit's consent page); `state` comes back to the callback. */
  authorizationUrl(redirectUri: string, state: string) {
    const url = new URL(this.urls.authorize);
    url.search = new URLSearchParams({
      client_id: this.settings.clientId,
      response_type: 'code',
      scope: accountingScope,
      redirect_uri: redirectUri,
      state,
    }).toString();
    return url.toString();
  }

  /** Trades the callback's code for tokens. */
  exchangeCode(code: string, redirectUri: string): Promise<QuickBooksTokens> {
    return this.tokenCall({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
  }

  /** A new access token (and possibly a new refresh token) for an expired one. */
  refreshTokens(refreshToken: string): Promise<QuickBooksTokens> {
    return this.tokenCall({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  /** The linked company's name, for 'Connected to …'. */
  async companyName(company: QuickBooksCompany) {
    const body = (await this.call(company, 'GET', `companyinfo/${encodeURIComponent(company.realmId)}`)) as {
      CompanyInfo?: { CompanyName?: string };
    };
    return body.CompanyInfo?.CompanyName ?? company.realmId;
  }

  /** The record of this kind with this name (display name for people, name for items and accounts), or null. */
  async findByName(company: QuickBooksCompany, entity: NamedEntity, name: string) {
    const field = nameFields[entity];
    const query = `select * from ${entity} where ${field} = '${queryText(name)}'`;
    const body = (await this.call(company, 'GET', `query?query=${encodeURIComponent(query)}`)) as {
      QueryResponse?: Record<string, { Id: string }[] | undefined>;
    };
    const found = body.QueryResponse?.[entity]?.[0];
    return found ? { id: found.Id } : null;
  }

  /** Creates a customer or vendor with this display name. */
  async createParty(company: QuickBooksCompany, entity: 'Customer' | 'Vendor', displayName: string) {
    const body = (await this.call(company, 'POST', entity.toLowerCase(), {
      DisplayName: displayName,
    })) as Record<string, { Id: string }>;
    return { id: body[entity].Id };
  }

  /**
   * The invoice or bill already in QuickBooks with this document number, or null: a push that died
   * after QuickBooks took a record finds it here instead of sending it twice.
   */
  async findDocument(company: QuickBooksCompany, entity: 'Invoice' | 'Bill', docNumber: string) {
    const query = `select Id from ${entity} where DocNumber = '${queryText(docNumber)}'`;
    const body = (await this.call(company, 'GET', `query?query=${encodeURIComponent(query)}`)) as {
      QueryResponse?: Record<string, { Id: string }[] | undefined>;
    };
    const found = body.QueryResponse?.[entity]?.[0];
    return found ? { id: found.Id } : null;
  }

  private async tokenCall(form: Record<string, string>): Promise<QuickBooksTokens> {
    const basic = Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString('base64');
    const response = await fetch(this.urls.token, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(form).toString(),
    });
    const body = (await this.read(response)) as {
      access_token: string;
      refresh_token: string;
      expires_in: number;
      x_refresh_token_expires_in?: number;
    };
    return {
      accessToken: body.access_token,
      refreshToken: body.refresh_token,
      expiresInSeconds: body.expires_in,
      refreshExpiresInSeconds: body.x_refresh_token_expires_in ?? null,
    };
  }

  /** The vendor (supplier) with this display name, or null (spec part 3 §7.6 quickbooks_vendors find_by_name). */
  async findVendorByName(company: QuickBooksCompany, name: string) {
    const query = `select * from Vendor where DisplayName = '${queryText(name)}'`;
    const body = (await this.call(company, 'GET', `query?query=${encodeURIComponent(query)}`)) as {
      QueryResponse?: { Vendor?: { Id: string; DisplayName: string }[] };
    };
    const vendor = body.QueryResponse?.Vendor?.[0];
    return vendor ? { id: vendor.Id, displayName: vendor.DisplayName } : null;
  }

  /** Creates an invoice for the customer with this id; each line sells the item with this id. */
  async pushInvoice(
    company: QuickBooksCompany,
    invoice: ExportInvoice,
    refs: { customerId: string; itemId: string },
  ) {
    const body = (await this.call(company, 'POST', 'invoice', {
      DocNumber: invoice.invoiceNumber,
      TxnDate: invoice.issuedOn,
      DueDate: invoice.dueDate,
      PrivateNote: invoice.memo,
      CustomerRef: { value: refs.customerId },
      Line: invoice.lines.map((line) => ({
        DetailType: 'SalesItemLineDetail',
        Amount: dollars(line.amount),
        Description: line.description,
        SalesItemLineDetail: {
          ItemRef: { value: refs.itemId },
          Qty: line.quantity,
          UnitPrice: dollars(line.rate),
        },
      })),
    })) as { Invoice: { Id: string } };
    return { id: body.Invoice.Id };
  }

  /** Creates a bill from the vendor with this id, its lines booked to the account with this id. */
  async pushBill(
    company: QuickBooksCompany,
    bill: ExportBill,
    refs: { vendorId: string; accountId: string },
  ) {
    const body = (await this.call(company, 'POST', 'bill', {
      DocNumber: bill.billNumber,
      TxnDate: bill.billDate,
      DueDate: bill.dueDate,
      PrivateNote: bill.memo,
      VendorRef: { value: refs.vendorId },
      Line: bill.lines.map((line) => ({
        DetailType: 'AccountBasedExpenseLineDetail',
        Amount: dollars(line.amount),
        Description: line.description,
        AccountBasedExpenseLineDetail: { AccountRef: { value: refs.accountId } },
      })),
    })) as { Bill: { Id: string } };
    return { id: body.Bill.Id };
  }

  private async call(
    company: QuickBooksCompany,
    method: 'GET' | 'POST',
    resource: string,
    payload?: unknown,
  ) {
    const separator = resource.includes('?') ? '&' : '?';
    const url = `${this.urls.api}/v3/company/${encodeURIComponent(company.realmId)}/${resource}${separator}minorversion=${minorVersion}`;
    const response = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${company.accessToken}`,
        accept: 'application/json',
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    return this.read(response);
  }

  private async read(response: Response): Promise<unknown> {
    const text = await response.text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    if (!response.ok) {
      const fault = body.Fault as { Error?: { Message?: string; Detail?: string }[] } | undefined;
      const message =
        fault?.Error?.[0]?.Detail ??
        fault?.Error?.[0]?.Message ??
        (body.error_description as string | undefined) ??
        (body.error as string | undefined) ??
        response.statusText;
      throw new QuickBooksError(response.status, `QuickBooks Online refused the call: ${message}`);
    }
    return body;
  }
}
