export function AdminMarketingPage() {
  return null;
}
export function NewMarketingMessagePage() {
  return null;
}
export function EditMarketingMessagePage() {
  return null;
}
export function AdminHouseAdsPage() {
  return null;
}
