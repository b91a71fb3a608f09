/** The dashboard's marketing messages for the signed-in user's audience (issue 7; filled in by the account work). */
export function MarketingMessages() {
  return null;
}
