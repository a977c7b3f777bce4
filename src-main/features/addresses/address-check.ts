export type AddressCheck =
  { readonly ok: true; readonly address: string } | { readonly ok: false; readonly reason: string };
