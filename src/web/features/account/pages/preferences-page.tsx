export function PreferencesPage() {
  return null;
}
