/**
 * Returns the path when it is safe to send the user to after signing in or up: an address on this
 * site ('/quotes?x=1'), never another site ('//evil.test', '/\\evil.test', 'https://…'). Else null.
 */
export function sameSitePath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/')) return null;
  // Browsers read '//' and '/\' as another host; control characters can smuggle one in.
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  return value;
}
