/** Placeholder: replaced by the full footer. */
export function Footer() {
  return <footer>© {new Date().getFullYear()} Hedgerow</footer>;
}
