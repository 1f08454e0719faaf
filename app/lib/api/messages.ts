/** The texts the client shows for failures (the contract's own wording; tests assert them exactly). */
export const MESSAGES = {
  network: "Network error. Please check your connection.",
  guestCheckout: "Guest checkout enabled. Continuing without login.",
  pleaseLogin: "Please login to continue.",
  serverError: "An error occurred. Please try again later.",
  authRequired: "Authentication required",
  cartNotFound: "Cart not found. Please try refreshing the page.",
  cartInvalid: "Invalid cart operation. Please check your input.",
  cartEmpty: "Invalid cart response: No data received",
  promoInvalid: "Invalid promo code",
  promoMinimum: "Minimum order amount required",
  promoExpired: "Invalid or expired promo code",
  registrationFailed: "Registration failed",
  loginFailed: "Login failed",
  noJwt: "Invalid response from server - no JWT token received",
  noToken: "No authentication token found",
  noUserData: "No user data received from server",
  profileFailed: "Failed to fetch user data",
  phoneFailed: "Failed to update phone number",
  adminTimeout: "Request timeout - please check your connection",
  adminInvalidToken: "Invalid or expired token",
  adminDenied: "Access denied - admin privileges required",
  adminFailed: "Authentication failed",
} as const;

/** The text to show for any thrown value. */
export function errorMessage(error: unknown, fallback = MESSAGES.serverError): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === "string" && error) return error;
  return fallback;
}
