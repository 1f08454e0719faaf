/** A valid shipping address in Dhaka; overrides replace single fields. */
export function shippingAddress(overrides: Record<string, unknown> = {}) {
  return {
    firstName: "Nusrat",
    lastName: "Jahan",
    mobile: "01712345678",
    email: "nusrat@example.com",
    streetAddress: "House 12, Road 5, Dhanmondi",
    city: "Dhaka",
    zipCode: "1209",
    ...overrides,
  };
}
