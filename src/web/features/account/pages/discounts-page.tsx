export function DiscountsPage() {
  return null;
}
