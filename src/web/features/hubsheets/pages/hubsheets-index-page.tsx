export function HubsheetsIndexPage() {
  return null;
}
