/** Placeholder: replaced by the full header. */
export function Header() {
  return <header>Hedgerow</header>;
}
