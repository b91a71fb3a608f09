export function HubsheetPage() {
  return null;
}
export function HubsheetDownloadPage() {
  return null;
}
