export function NewHubsheetPage() {
  return null;
}
export function FileConverterPage() {
  return null;
}
