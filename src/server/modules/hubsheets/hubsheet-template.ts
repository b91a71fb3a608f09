/** The columns of the standard hubsheet template (/hubsheets/template), all recognised on import. */
export const templateHeaders = ['Botanical Name', 'Common Name', 'Size', 'Quantity', 'Budget Price', 'Notes'];

const exampleRows = [
  [
    "Acer rubrum 'October Glory'",
    'October Glory Red Maple',
    '2.5" Cal. B&B',
    '10',
    '450.00',
    'Street trees along the drive',
  ],
  ["Hydrangea paniculata 'Limelight'", 'Limelight Hydrangea', '#3', '25', '38.00', ''],
];

const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The template as CSV with a UTF-8 byte-order mark, so Excel opens the marks and accents right. */
export function hubsheetTemplateCsv(): string {
  const lines = [templateHeaders, ...exampleRows].map((row) => row.map(csvCell).join(','));
  return `\ufeff${lines.join('\r\n')}\r\n`;
}
