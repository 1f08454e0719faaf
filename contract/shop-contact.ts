/**
 * Links that open a conversation with the shop (the chat button, "Order on WhatsApp", the footer,
 * every dead end): plain addresses, no third-party script. Numbers are the settings' 01XXXXXXXXX.
 */

/** wa.me wants the number in international form without "+": 8801XXXXXXXXX. */
export function whatsappUrl(number: string, text?: string): string {
  const international = `88${number.replace(/^\+?88/, "")}`;
  return `https://wa.me/${international}${text ? `?text=${encodeURIComponent(text)}` : ""}`;
}

export function messengerUrl(pageName: string): string {
  return `https://m.me/${encodeURIComponent(pageName)}`;
}

export function telUrl(phone: string): string {
  return `tel:${phone}`;
}
