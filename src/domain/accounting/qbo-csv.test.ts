import { describe, expect, it } from 'vitest';
import { billsCsv, invoicesCsv, paymentsCsv } from './qbo-csv';

describe('QuickBooks import CSV', () => {
  it("writes invoices with QBO's headers, one row per line, and a line bringing them to the total", () => {
    const text = invoicesCsv([
      {
        invoiceNumber: 'INV-1001',
        customer: 'Greenline, Inc.',
        issuedOn: '2025-11-02',
        dueDate: '2025-12-02',
        termsDays: 30,
        memo: 'Order Q-1-1 ("Hillside")',
        total: 12_840,
        lines: [
          { item: 'Red Maple #3', description: '4 × Red Maple #3', quantity: 4, rate: 3_000, amount: 12_000 },
        ],
      },
    ]);
    expect(text.split('\r\n')).toEqual([
      'InvoiceNo,Customer,InvoiceDate,DueDate,Terms,Memo,Item(Product/Service),ItemDescription,ItemQuantity,ItemRate,ItemAmount',
      'INV-1001,"Greenline, Inc.",11/02/2025,12/02/2025,Net 30,"Order Q-1-1 (""Hillside"")",Red Maple #3,4 × Red Maple #3,4,30.00,120.00',
      'INV-1001,"Greenline, Inc.",11/02/2025,12/02/2025,Net 30,"Order Q-1-1 (""Hillside"")",Other charges,"Tax, shipping and adjustments",1,8.40,8.40',
      '',
    ]);
  });

  it('writes bills and payments, and keeps a name from running as a spreadsheet formula', () => {
    const bills = billsCsv([
      {
        billNumber: 'Q-1-1',
        supplier: '=HYPERLINK("x")',
        billDate: '2025-11-02',
        dueDate: '2025-12-02',
        memo: 'North Yard',
        lines: [{ description: 'Maples', amount: 11_000 }],
      },
    ]).split('\r\n');
    expect(bills[0]).toBe('Bill No,Supplier,Bill Date,Due Date,Memo,Account,Line Description,Line Amount');
    expect(bills[1]).toBe(
      `Q-1-1,"'=HYPERLINK(""x"")",11/02/2025,12/02/2025,North Yard,Cost of Goods Sold,Maples,110.00`,
    );
    const payments = paymentsCsv([
      {
        paidOn: '2025-11-10',
        customer: 'Greenline',
        method: 'Credit card',
        reference: 'pi_1',
        invoiceNumber: 'INV-1001',
        amount: 5_000,
      },
    ]).split('\r\n');
    expect(payments.slice(0, 2)).toEqual([
      'Payment Date,Customer,Payment Method,Reference No,Invoice No,Amount',
      '11/10/2025,Greenline,Credit card,pi_1,INV-1001,50.00',
    ]);
  });
});
