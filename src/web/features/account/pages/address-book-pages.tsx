export function AddressBookPage() {
  return null;
}
export function NewAddressPage() {
  return null;
}
export function EditAddressPage() {
  return null;
}
