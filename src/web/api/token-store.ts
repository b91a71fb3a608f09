// The bearer token lives in localStorage so a session survives reloads and new tabs.
const tokenKey = 'hedgerow.token';
// While an admin acts as someone else, their own token waits here for the way back.
const adminTokenKey = 'hedgerow.adminToken';

export const tokenStore = {
  get: (): string | null => localStorage.getItem(tokenKey),
  set: (token: string) => localStorage.setItem(tokenKey, token),
  clear: () => localStorage.removeItem(tokenKey),
  getAdmin: (): string | null => localStorage.getItem(adminTokenKey),
  setAdmin: (token: string) => localStorage.setItem(adminTokenKey, token),
  clearAdmin: () => localStorage.removeItem(adminTokenKey),
};
